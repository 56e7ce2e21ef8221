/** Body of every 4xx/5xx the API sends. `fields` carries per-field messages for validation errors. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
}
