import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx is final (the client already refreshed once on a 401); a server or network failure is tried once
      // more, then the page shows its error state with a retry button (docs/behaviour/screens.md#load-failures).
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
