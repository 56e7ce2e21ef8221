import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The API's OpenAPI document, fetched through the app's client so that an expired session is renewed first;
 * the reference viewer then renders it without fetching anything itself.
 */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: ['openapi-document'],
    queryFn: ({ signal }) => api.get<Record<string, unknown>>(OPENAPI_PATH, signal),
    // The document changes only with a release.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
