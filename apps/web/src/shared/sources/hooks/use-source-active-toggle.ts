import { toast } from 'sonner';
import { describeError } from '@/lib/api-client';

/** The slice of a set-active mutation (useSet…SourceActive) that the toggle uses. */
interface SetActiveMutation {
  mutate(
    variables: { id: number; activeStatus: boolean },
    options: { onSuccess: () => void; onError: (error: Error) => void },
  ): void;
  isPending: boolean;
}

/**
 * Switches a source's activeStatus on the server (docs/design/differences.md#active-switches-work); the list shows the new value at once. Success is
 * toasted; a failure is logged with `logMessage` and toasted with the server's reason.
 */
export function useSourceActiveToggle(
  source: { id: number; sourceName: string },
  setActive: SetActiveMutation,
  logMessage: string,
) {
  const toggle = (next: boolean) => {
    setActive.mutate(
      { id: source.id, activeStatus: next },
      {
        onSuccess: () => toast.success(`"${source.sourceName}" is now ${next ? 'active' : 'inactive'}`),
        onError: (error) => {
          console.error(logMessage, error);
          toast.error(describeError(error, `"${source.sourceName}" could not be updated.`));
        },
      },
    );
  };
  return { toggle, pending: setActive.isPending };
}
