import type { InventorySource } from '@app/contracts';
import { KeyRound, Loader2, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { serverMessage } from '@/components/form/editor-save';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/shared/format/dates';
import { useAcceptSftpHostKey } from '@/shared/inventory-sources/api/inventory-sources';

function Fingerprint({ value }: { value: string }) {
  return <code className="break-all rounded bg-muted px-1 py-0.5 font-mono text-xs">{value}</code>;
}

/**
 * Beyond the spec: the SFTP server's host key. The first successful connection records it;
 * a server that presents another key is refused until the user accepts the new one here, after checking
 * it with the server's administrator (a changed key can also mean someone is intercepting the connection).
 */
export function SftpHostKey({
  source,
  serverChanged,
}: {
  /** The saved source; undefined while creating one. */
  source: InventorySource | undefined;
  /** The address or port on screen differ from the saved ones (saving forgets the recorded key). */
  serverChanged: boolean;
}) {
  const accept = useAcceptSftpHostKey();
  const [accepted, setAccepted] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const recorded = source?.sftpHostKey ?? null;
  const presented = source?.sftpHostKeyPresented ?? null;

  const onAccept = async () => {
    if (!source || !presented) return;
    setError(null);
    try {
      await accept.mutateAsync({ id: source.id, fingerprint: presented });
      setAccepted(presented);
    } catch (failure) {
      console.error('Error accepting the SFTP host key:', failure);
      setError(serverMessage(failure) ?? describeError(failure, 'The new host key could not be accepted.'));
    }
  };

  return (
    <section aria-labelledby="sftp-host-key-heading" className="grid gap-2 text-sm">
      <h3 id="sftp-host-key-heading" className="flex items-center gap-2 font-medium">
        <KeyRound className="size-4" aria-hidden />
        Host key
      </h3>
      {presented && source ? (
        <Alert variant="destructive">
          <ShieldAlert aria-hidden />
          <AlertTitle className="line-clamp-none">The SFTP server presented a different host key</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>
              Recorded: <Fingerprint value={recorded ?? ''} />
              {source.sftpHostKeyRecordedAt && ` (${formatDateTime(source.sftpHostKeyRecordedAt)})`}
            </p>
            <p>
              Presented now: <Fingerprint value={presented} />
              {source.sftpHostKeyPresentedAt && ` (${formatDateTime(source.sftpHostKeyPresentedAt)})`}
            </p>
            <p>
              Connections are refused, and the password is not sent, until the new key is accepted. Accept it
              only if the server&apos;s administrator confirms that the key was replaced: otherwise someone
              may be intercepting the connection.
            </p>
            <div>
              <Button
                type="button"
                variant="destructive"
                disabled={accept.isPending}
                onClick={() => void onAccept()}
              >
                {accept.isPending && <Loader2 className="animate-spin" aria-hidden />}
                Accept new host key
              </Button>
            </div>
            {error && <p role="alert">{error}</p>}
          </AlertDescription>
        </Alert>
      ) : recorded ? (
        <p className="text-muted-foreground">
          Recorded: <Fingerprint value={recorded} />
          {source?.sftpHostKeyRecordedAt && ` (${formatDateTime(source.sftpHostKeyRecordedAt)})`}
        </p>
      ) : (
        <p className="text-muted-foreground">
          None recorded yet: the server&apos;s key is recorded at the first successful connection
          {source ? '' : ' after saving'}, and a different key is refused after that.
        </p>
      )}
      {accepted && accepted === recorded && (
        <p role="status" className="text-emerald-700 dark:text-emerald-500">
          The new host key was accepted.
        </p>
      )}
      {serverChanged && recorded && (
        <p className="text-muted-foreground">
          The server address or port changed: saving forgets the recorded key, and the new server&apos;s key
          is recorded at its first connection.
        </p>
      )}
    </section>
  );
}
