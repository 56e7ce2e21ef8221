/**
 * Swagger UI ships as one prebuilt 1.7 MB script that no bundler can split. Imported as a module it became a
 * 1.5 MB chunk of this page; as a plain asset (hashed, precompressed, served from our origin like every script)
 * it is fetched only when the reference page opens and stays out of the app's chunks
 * (docs/design/api.md#the-reference-page).
 */
import bundleUrl from 'swagger-ui-dist/swagger-ui-bundle.js?url';

type SwaggerUi = NonNullable<Window['SwaggerUIBundle']>;

let loading: Promise<SwaggerUi> | undefined;

export function loadSwaggerUi(): Promise<SwaggerUi> {
  loading ??= new Promise<SwaggerUi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = bundleUrl;
    script.async = true;
    script.onload = () => {
      if (window.SwaggerUIBundle) resolve(window.SwaggerUIBundle);
      else reject(new Error('Swagger UI did not start.'));
    };
    script.onerror = () => {
      // A later visit may try again (the network may be back).
      loading = undefined;
      script.remove();
      reject(new Error('Swagger UI could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}
