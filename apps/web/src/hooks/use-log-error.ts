import { useEffect } from 'react';
import { toast } from 'sonner';
import { describeError } from '@/lib/api-client';

/**
 * Logs a failed load to the console (`console.error(message, error)`) while the query reports the error; with
 * `toastMessage` it also toasts the server's reason, or that text when there is none.
 */
export function useLogError(error: unknown, message: string, toastMessage?: string) {
  useEffect(() => {
    if (!error) return;
    console.error(message, error);
    if (toastMessage) toast.error(describeError(error, toastMessage));
  }, [error, message, toastMessage]);
}
