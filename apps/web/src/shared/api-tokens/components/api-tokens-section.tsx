import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  type ApiToken,
  type CreatedApiToken,
  type TCreateApiToken,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, KeyRound, Loader2, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  ACTIONS_HEADER,
  LoadFailedAlert,
  RecordTable,
  type TableHeaderCell,
} from '@/components/data-view/list-parts';
import { FormKit, PasswordField, SelectField, TextField } from '@/components/form/bound-fields';
import { DialogFooter, TitledDialog } from '@/components/titled-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { ApiError, describeError } from '@/lib/api-client';
import { formatDateTime } from '@/shared/format/dates';
// Until the lead moves it to lib/: the one clipboard helper of the app.
import { copyToClipboard } from '@/shared/order-tracking/components/copy-to-clipboard';
import {
  API_TOKEN_EXPIRY_CHOICES,
  type TCreateApiTokenFormInput,
  useApiTokens,
  useCreateApiToken,
  useRevokeApiToken,
  ZCreateApiTokenFormSchema,
} from '../api/api-tokens';

/**
 * Account → API tokens (docs/behaviour/api-tokens.md): the user's tokens with their last use, a dialog that
 * creates one and shows it once, and revoking with a confirmation.
 */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useRevokeApiToken();

  return (
    <section aria-labelledby="api-tokens-title">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle id="api-tokens-title" className="text-xl">
              API tokens
            </CardTitle>
            <CardDescription>
              Personal tokens for scripts and other systems: send one as <code>Authorization: Bearer …</code>.
              A token can do what your account can do, never more, and a read-only token only reads.
            </CardDescription>
          </div>
          <CreateApiTokenDialog />
        </CardHeader>
        <CardContent>
          {tokens.data ? (
            <ApiTokenTable tokens={tokens.data} onRevoke={setRevoking} />
          ) : tokens.isError ? (
            <LoadFailedAlert
              message={describeError(tokens.error, 'Your API tokens could not be loaded.')}
              onRetry={() => void tokens.refetch()}
            />
          ) : (
            <Skeleton className="h-24 w-full" />
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        title="Revoke API token"
        description={(token) =>
          `"${token.name}" (${token.prefix}…) stops working at once. Scripts that use it will be refused.`
        }
        action="Revoke"
        busyAction="Revoking…"
        destructive
        onConfirm={async (token) => {
          await revoke.mutateAsync(token.id);
          toast.success(`API token "${token.name}" revoked`);
        }}
        logLabel="Error revoking API token:"
        failureMessage={(token) => `The API token "${token.name}" could not be revoked.`}
      />
    </section>
  );
}

const TOKEN_HEADERS: readonly TableHeaderCell[] = [
  { label: 'Name' },
  { label: 'Scope' },
  { label: 'Token' },
  { label: 'Created' },
  { label: 'Expires' },
  { label: 'Last used' },
  ACTIONS_HEADER,
];

function ApiTokenTable({ tokens, onRevoke }: { tokens: ApiToken[]; onRevoke: (token: ApiToken) => void }) {
  const now = Date.now();
  return (
    <RecordTable
      headers={TOKEN_HEADERS}
      items={tokens}
      empty="You have no API tokens."
      row={(token) => (
        <TableRow>
          <TableCell className="font-medium">{token.name}</TableCell>
          <TableCell>{API_TOKEN_SCOPE_LABELS[token.scope]}</TableCell>
          <TableCell>
            <code className="text-xs">{token.prefix}…</code>
          </TableCell>
          <TableCell>{formatDateTime(token.createdAt)}</TableCell>
          <TableCell>
            {formatDateTime(token.expiresAt)}
            {new Date(token.expiresAt).getTime() <= now && (
              <Badge variant="destructive" className="ml-2">
                Expired
              </Badge>
            )}
          </TableCell>
          <TableCell>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</TableCell>
          <TableCell className="text-right">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Revoke ${token.name}`}
              onClick={() => onRevoke(token)}
            >
              <Trash2 aria-hidden />
              Revoke
            </Button>
          </TableCell>
        </TableRow>
      )}
    />
  );
}

const EXPIRY_OPTIONS = API_TOKEN_EXPIRY_CHOICES.map((days) => ({
  value: String(days),
  label: days === API_TOKEN_MAX_DAYS ? '1 year' : `${days} days`,
}));
const SCOPE_OPTIONS = API_TOKEN_SCOPES.map((scope) => ({
  value: scope,
  label: API_TOKEN_SCOPE_LABELS[scope],
}));
const NEW_TOKEN: TCreateApiTokenFormInput = {
  name: '',
  expiresInDays: '30',
  scope: 'read',
  currentPassword: '',
};

function CreateApiTokenDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const onOpenChange = (next: boolean) => {
    // Closing forgets the token: it is shown once, in this dialog only.
    if (!next) setCreated(null);
    setOpen(next);
  };

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title={created ? 'Copy your new API token' : 'Create API token'}
      description={
        created
          ? 'This is the only time the token is shown. Store it somewhere safe, such as a password manager.'
          : 'Name the token after what will use it, and give it no more time and scope than that needs.'
      }
      trigger={
        <Button size="sm">
          <Plus aria-hidden />
          Create API token
        </Button>
      }
    >
      {created ? (
        <ShowTokenOnce token={created.token} onDone={() => onOpenChange(false)} />
      ) : (
        // Mounted while open only, so each opening starts with an empty form.
        open && <CreateApiTokenForm onCreated={setCreated} />
      )}
    </TitledDialog>
  );
}

function CreateApiTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const form = useForm<TCreateApiTokenFormInput, unknown, TCreateApiToken>({
    resolver: zodResolver(ZCreateApiTokenFormSchema),
    defaultValues: NEW_TOKEN,
  });
  const rootError = form.formState.errors.root?.message;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      onCreated(await create.mutateAsync(input));
    } catch (error) {
      console.error('Error creating API token:', error);
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const [name, message] of Object.entries(fields ?? {})) {
        if (name in NEW_TOKEN) form.setError(name as keyof TCreateApiTokenFormInput, { message });
      }
      const message = describeError(error, 'The API token could not be created.');
      form.setError('root', { message });
      toast.error(message);
    }
  });

  return (
    <FormKit form={form} idOf={(name) => `api-token-${name}`} onSubmit={onSubmit} className="grid gap-4">
      <TextField<TCreateApiTokenFormInput>
        name="name"
        label="Name"
        maxLength={API_TOKEN_NAME_MAX}
        placeholder="ERP order export"
        required
      />
      <SelectField<TCreateApiTokenFormInput>
        name="expiresInDays"
        label="Expires after"
        options={EXPIRY_OPTIONS}
        placeholder="Choose"
      />
      <SelectField<TCreateApiTokenFormInput>
        name="scope"
        label="Scope"
        options={SCOPE_OPTIONS}
        placeholder="Choose"
        hint="Read only: lists, searches and downloads. Read and write: also changes, within your own rights."
      />
      <PasswordField<TCreateApiTokenFormInput>
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
        required
        hint="A token opens your account for up to a year, so your password is asked first."
      />
      {rootError && (
        <Alert variant="destructive">
          <AlertDescription>{rootError}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <KeyRound aria-hidden />}
          Create token
        </Button>
      </DialogFooter>
    </FormKit>
  );
}

function ShowTokenOnce({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="api-token-value">Your new API token</Label>
        <div className="flex gap-2">
          <Input
            id="api-token-value"
            readOnly
            value={token}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            type="button"
            variant="outline"
            onClick={() => void copyToClipboard(token, 'API token copied')}
          >
            <Copy aria-hidden />
            Copy
          </Button>
        </div>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
