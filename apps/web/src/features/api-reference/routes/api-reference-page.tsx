/**
 * The API reference (docs/design/api.md#the-reference-page): Swagger UI, loaded from our own origin when the page
 * opens (no CDN, within the app's Content-Security-Policy), rendering the document GET /api/openapi.json serves.
 */
import 'swagger-ui-dist/swagger-ui.css';
import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/api-client';
import { OPENAPI_PATH, useOpenApiDocument } from '../api/openapi-document';
import { loadSwaggerUi } from '../lib/load-swagger-ui';

export function ApiReferencePage() {
  const document = useOpenApiDocument();
  const viewer = useRef<HTMLDivElement>(null);
  const [rendererFailed, setRendererFailed] = useState(false);

  useEffect(() => {
    const domNode = viewer.current;
    const spec = document.data;
    if (!domNode || !spec) return;
    let current = true;
    loadSwaggerUi().then(
      (SwaggerUIBundle) => {
        if (!current) return;
        SwaggerUIBundle({
          domNode,
          spec,
          // The public validator badge would send the document to another site; the CSP forbids it anyway.
          validatorUrl: null,
          deepLinking: false,
          docExpansion: 'list',
          defaultModelsExpandDepth: -1,
          filter: true,
        });
      },
      () => {
        if (current) setRendererFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [document.data]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">API reference</h1>
        <Button asChild variant="outline" size="sm">
          <a href={OPENAPI_PATH} download="inbox-ops-openapi.json">
            <Download aria-hidden />
            OpenAPI document
          </a>
        </Button>
      </div>
      <p className="text-muted-foreground text-sm">
        Every call the app makes, with its fields, answers and who may use it. Calls run with your own session
        and rights.
      </p>
      {document.isError && (
        <Alert variant="destructive">
          <AlertDescription>
            {describeError(document.error, 'The API reference could not be loaded.')}
          </AlertDescription>
        </Alert>
      )}
      {rendererFailed && (
        <Alert variant="destructive">
          <AlertDescription>
            The API reference could not be loaded. Reload the page to try again.
          </AlertDescription>
        </Alert>
      )}
      {document.isPending && <Skeleton className="h-96 w-full" />}
      {/* Swagger UI's own styles assume a light page. */}
      <div ref={viewer} className="rounded-md border bg-white text-black" />
    </div>
  );
}
