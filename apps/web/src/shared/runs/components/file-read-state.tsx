import { Loader2 } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { describeError } from '@/lib/api-client';

/** While an uploaded file is read by the server, and why it could not be (Process File, Suggest from a sample file). */
export function FileReadState({ pending, error }: { pending: boolean; error: unknown }) {
  return (
    <>
      {pending && (
        <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Reading file...
        </p>
      )}
      {error != null && (
        <Alert variant="destructive">
          <AlertDescription>{describeError(error, 'The file could not be read.')}</AlertDescription>
        </Alert>
      )}
    </>
  );
}
