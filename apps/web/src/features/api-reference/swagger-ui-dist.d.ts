// swagger-ui-dist ships no types; only what the reference page uses is declared.
interface SwaggerUiOptions {
  domNode: HTMLElement;
  spec: object;
  validatorUrl: null;
  deepLinking?: boolean;
  docExpansion?: 'list' | 'full' | 'none';
  defaultModelsExpandDepth?: number;
  tryItOutEnabled?: boolean;
  displayOperationId?: boolean;
  filter?: boolean;
}

/** What swagger-ui-bundle.js (the UMD build) puts on window once it has run. */
interface Window {
  SwaggerUIBundle?: (options: SwaggerUiOptions) => unknown;
}
