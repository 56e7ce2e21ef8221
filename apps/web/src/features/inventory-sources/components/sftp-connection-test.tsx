import {
  type SftpConnectionTestResult,
  type SftpHostKeyStatus,
  type TInventorySource,
  ZSftpConnectionTestSchema,
} from '@app/contracts';
import { CheckCircle2, CircleAlert, File, Folder, Loader2, PlugZap } from 'lucide-react';
import { useState } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { serverMessage } from '@/components/form/editor-save';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/shared/format/dates';
import { useTestSftpConnection } from '@/shared/inventory-sources/api/inventory-sources';
import type { InventoryFormValues } from '../lib/inventory-source-form';

type Outcome = Pick<SftpConnectionTestResult, 'ok' | 'message'> & Partial<SftpConnectionTestResult>;

const SFTP_FIELDS = [
  'sftpServerAddress',
  'sftpPort',
  'sftpUsername',
  'sftpPassword',
  'sftpInboundFolder',
] as const;

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const HOST_KEY_NOTES: Record<SftpHostKeyStatus, string> = {
  recorded: 'recorded now; a different key will be refused',
  trusted: 'the recorded key',
  changed: 'not the recorded key',
  'not-recorded': 'recorded at the first connection after saving',
};

/**
 * 'Test connection' (beyond the spec, docs/behaviour/sources.md#sftp-settings): connects with the card's current values (a blank password
 * uses the stored one, on the saved server only) and shows the result, the server's host key and what the
 * inbound folder holds.
 */
export function SftpConnectionTest({
  form,
  retype,
}: {
  form: UseFormReturn<InventoryFormValues, unknown, TInventorySource>;
  /** Why the stored password cannot be used with the settings on screen; null when it can (or none is stored). */
  retype: string | null;
}) {
  const test = useTestSftpConnection();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    const values = form.getValues();
    if (retype && values.sftpPassword === '') {
      setOutcome(null);
      form.setError('sftpPassword', { type: 'sftp-test', message: retype }, { shouldFocus: true });
      return;
    }
    const parsed = ZSftpConnectionTestSchema.safeParse({
      id: values.id,
      sftpServerAddress: values.sftpServerAddress,
      sftpPort: values.sftpPort,
      sftpUsername: values.sftpUsername,
      sftpPassword: values.sftpPassword,
      sftpInboundFolder: values.sftpInboundFolder,
    });
    form.clearErrors([...SFTP_FIELDS]);
    if (!parsed.success) {
      setOutcome(null);
      parsed.error.issues.forEach((issue, index) => {
        const field = issue.path.join('.') as Path<InventoryFormValues>;
        form.setError(field, { type: 'sftp-test', message: issue.message }, { shouldFocus: index === 0 });
      });
      return;
    }
    try {
      setOutcome(await test.mutateAsync(parsed.data));
    } catch (error) {
      console.error('Error testing the SFTP connection:', error);
      setOutcome({
        ok: false,
        message: serverMessage(error) ?? describeError(error, 'The connection test failed.'),
      });
    }
  };

  return (
    <div className="grid gap-3">
      <div>
        <Button type="button" variant="outline" onClick={() => void run()} disabled={test.isPending}>
          {test.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <PlugZap aria-hidden />}
          {test.isPending ? 'Testing...' : 'Test connection'}
        </Button>
      </div>
      {outcome && (
        <Alert
          variant={outcome.ok ? 'default' : 'destructive'}
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? 'border-emerald-600/40' : undefined}
        >
          {outcome.ok ? (
            <CheckCircle2 className="text-emerald-600" aria-hidden />
          ) : (
            <CircleAlert aria-hidden />
          )}
          <AlertTitle className="line-clamp-none whitespace-normal break-words">{outcome.message}</AlertTitle>
          {outcome.hostKey && outcome.hostKeyStatus && outcome.hostKeyStatus !== 'changed' && (
            <AlertDescription>
              <p>
                Host key <code className="break-all font-mono text-xs">{outcome.hostKey}</code> (
                {HOST_KEY_NOTES[outcome.hostKeyStatus]})
              </p>
            </AlertDescription>
          )}
          {outcome.ok && outcome.entries && (
            <AlertDescription className="grid w-full gap-2">
              <p>
                {outcome.folder ? `${outcome.folder}: ` : ''}
                {outcome.entries.length === 0
                  ? 'the folder is empty.'
                  : `${outcome.entries.length} ${outcome.entries.length === 1 ? 'entry' : 'entries'}`}
              </p>
              {outcome.entries.length > 0 && (
                <ul
                  aria-label="Folder entries"
                  className="max-h-56 w-full divide-y overflow-y-auto rounded-md border"
                >
                  {outcome.entries.map((entry) => (
                    <li
                      key={entry.name}
                      className="flex items-center gap-2 px-2 py-1.5 text-foreground text-xs"
                    >
                      {entry.type === 'directory' ? (
                        <Folder className="size-3.5 shrink-0" aria-label="Folder" />
                      ) : (
                        <File className="size-3.5 shrink-0" aria-label="File" />
                      )}
                      <span className="min-w-0 flex-1 truncate" title={entry.name}>
                        {entry.name}
                      </span>
                      {entry.type !== 'directory' && (
                        <span className="shrink-0 text-muted-foreground tabular-nums">
                          {formatSize(entry.size)}
                        </span>
                      )}
                      {entry.modifiedAt && (
                        <span className="hidden shrink-0 text-muted-foreground sm:inline">
                          {formatDateTime(entry.modifiedAt)}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </AlertDescription>
          )}
        </Alert>
      )}
    </div>
  );
}
