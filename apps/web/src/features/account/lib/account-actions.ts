import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError, clearClientSession, describeError, markSessionEndedByApp } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** The old client logged 'failed' for an unexpected status and 'Request failed' when the call itself threw. */
export function reportRequestError(error: unknown, fallback: string) {
  console.error(error instanceof ApiError ? 'failed' : 'Request failed', error);
  toast.error(describeError(error, fallback));
}

/** Ends the client side of the session the server has just closed, and explains why on the login page. */
export function useEndSession() {
  const navigate = useNavigate();
  return (message: string) => {
    // Queries still in flight meet the ended session; they must not announce it as expired over this message.
    markSessionEndedByApp();
    clearClientSession();
    queryClient.clear();
    navigate('/', { replace: true, state: { message } });
  };
}
