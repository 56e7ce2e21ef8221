import {
  EMAIL_PASSWORD_MIN_LENGTH,
  EMAIL_SOURCE_MESSAGES,
  type EmailConnectionTestResult,
  type EmailSource,
  MAILBOX_PROVIDER_SERVERS,
  type MailSecretSettings,
  mailSecretName,
  type TEmailSource,
  type TEmailSourceForm,
  ZEmailConnectionTestSchema,
  ZEmailSourceSchema,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CircleCheck, CircleX, Loader2, PlugZap } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { FormKit, fieldsFor } from '@/components/form/bound-fields';
import {
  type EditorSaveState,
  useEditorSaveState,
  useEditorSubmit,
} from '@/components/form/use-editor-submit';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useLogError } from '@/hooks/use-log-error';
import { ApiError, describeError } from '@/lib/api-client';
import { HistoryButton } from '@/shared/audit/components/history-button';
import { EditorSkeleton, parseSourceId } from '@/shared/sources/components/source-editor-parts';
import { formPort, mailSecretState, type StoredSecretState } from '@/shared/sources/lib/stored-secret';
import { useEmailSource, useSaveEmailSource, useTestEmailConnection } from '../api/email-sources';
import { MailboxSignInCard } from '../components/mailbox-sign-in-card';

const LIST_PATH = '/email-sources';
const LOAD_FAILED = 'Failed to load email source';

/** The settings a stored secret follows, from the form's values (ports as typed) or a loaded source. */
function secretSettingsOf(values: {
  username?: unknown;
  email?: unknown;
  incomingServer?: unknown;
  incomingPort?: unknown;
  outgoingServer?: unknown;
  outgoingPort?: unknown;
  ssl?: unknown;
  isMsal?: unknown;
  msalClientId?: unknown;
  msalTennentId?: unknown;
}): MailSecretSettings {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    username: text(values.username),
    email: text(values.email),
    incomingServer: text(values.incomingServer),
    incomingPort: formPort(values.incomingPort),
    outgoingServer: text(values.outgoingServer),
    outgoingPort: formPort(values.outgoingPort),
    ssl: values.ssl !== false,
    isMsal: values.isMsal === true,
    msalClientId: text(values.msalClientId),
    msalTenantId: text(values.msalTennentId),
  };
}

/**
 * The form: the shared contract plus the editor's password rule (docs/behaviour/sources.md#email-source-editor: at least 3 characters, message
 * 'Required'). A blank password on edit keeps the stored secret, so the rule then applies only to a new one
 * and to a stored one whose servers, ports or sign-in settings changed (it is only used with those).
 */
const ZEmailSourceEditorSchema = (stored: () => MailSecretSettings | null) =>
  ZEmailSourceSchema.superRefine((value, context) => {
    const length = value.password.length;
    const retype = mailSecretState(stored(), secretSettingsOf(value)).kind === 'retype';
    if (length < EMAIL_PASSWORD_MIN_LENGTH && (value.id === 0 || length > 0 || retype)) {
      context.addIssue({ code: 'custom', path: ['password'], message: EMAIL_SOURCE_MESSAGES.required });
    }
  });

const SECRET_FIELDS = [
  'username',
  'email',
  'incomingServer',
  'incomingPort',
  'outgoingServer',
  'outgoingPort',
  'ssl',
  'isMsal',
  'msalClientId',
  'msalTennentId',
] as const;

const NEW_SOURCE_FORM: TEmailSourceForm = {
  id: 0,
  username: '',
  email: '',
  password: '',
  incomingServer: '',
  outgoingServer: '',
  incomingPort: '',
  outgoingPort: '',
  ssl: true,
  isMsal: false,
  msalClientId: '',
  msalTennentId: '',
  activeStatus: true,
};
const FORM_FIELDS = new Set(Object.keys(NEW_SOURCE_FORM));

const { TextField, PasswordField, SwitchField } = fieldsFor<TEmailSourceForm>();
const idOf = (name: string) => `email-source-${name}`;

/** Ports sit in the form as text (an empty input is ''); the schema turns them into integers or null. */
function toForm(source: EmailSource): TEmailSourceForm {
  return {
    id: source.id,
    username: source.username,
    email: source.email,
    password: '',
    incomingServer: source.incomingServer ?? '',
    outgoingServer: source.outgoingServer ?? '',
    incomingPort: source.incomingPort === null ? '' : String(source.incomingPort),
    outgoingPort: source.outgoingPort === null ? '' : String(source.outgoingPort),
    ssl: source.ssl,
    isMsal: source.isMsal,
    msalClientId: source.msalClientId ?? '',
    msalTennentId: source.msalTennentId ?? '',
    activeStatus: source.activeStatus,
  };
}

/** docs/behaviour/screens.md#save-errors: the server's own message when it sent one, else 'Save failed - please try again'. */
function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (
      body &&
      typeof body === 'object' &&
      'message' in body &&
      typeof body.message === 'string' &&
      body.message
    )
      return body.message;
    if (typeof body === 'string' && body.trim()) return body;
  }
  return EMAIL_SOURCE_MESSAGES.saveFailed;
}

export function EmailSourceEditorPage() {
  const sourceId = parseSourceId(useParams().sourceId);
  const isCreate = sourceId === 0;
  const source = useEmailSource(sourceId ?? 0, { enabled: sourceId !== null && sourceId > 0 });
  // Lives above the keyed form so 'Saved!' survives the switch from create to edit after the first save.
  const editorSave = useEditorSaveState(2000);

  // The original only logged this; the product also tells the user (docs/design/differences.md#errors-are-shown) (the inline alert below).
  useLogError(source.error, 'Error fetching email source:');

  let content: ReactNode;
  if (sourceId === null) {
    content = <LoadError message="This email source id is not valid." />;
  } else if (isCreate) {
    content = (
      <EmailSourceForm
        key="new"
        initial={NEW_SOURCE_FORM}
        stored={null}
        state={editorSave}
        saved={undefined}
      />
    );
  } else if (source.isPending) {
    content = <EditorSkeleton cards={2} height="h-80" />;
  } else if (source.isError) {
    content = (
      <LoadError
        message={LOAD_FAILED}
        detail={source.error instanceof ApiError ? source.error.message : undefined}
        onRetry={() => void source.refetch()}
      />
    );
  } else {
    content = (
      <EmailSourceForm
        key={sourceId}
        initial={toForm(source.data)}
        stored={source.data.passwordSet ? secretSettingsOf(toForm(source.data)) : null}
        state={editorSave}
        saved={source.data}
      />
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">
          {isCreate ? 'Create Email Source' : 'Edit Email Source'}
        </h1>
        <div className="flex flex-wrap gap-2">
          {!isCreate && sourceId !== null && source.data && (
            <HistoryButton entityType="email-source" entityId={sourceId} />
          )}
          <BackButton />
        </div>
      </div>
      {content}
    </div>
  );
}

function BackButton({ className }: { className?: string }) {
  return (
    <Button asChild variant="outline" className={className}>
      <Link to={LIST_PATH}>
        <ArrowLeft />
        Back to Email Sources
      </Link>
    </Button>
  );
}

function LoadError({ message, detail, onRetry }: { message: string; detail?: string; onRetry?: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertDescription className="flex flex-wrap items-center gap-3">
        <span>{message}</span>
        {detail && detail !== message && <span className="text-muted-foreground">({detail})</span>}
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}

function EmailSourceForm({
  initial,
  stored,
  state,
  saved,
}: {
  initial: TEmailSourceForm;
  /** The settings the stored secret was saved with; null when none is stored. */
  stored: MailSecretSettings | null;
  state: EditorSaveState;
  /** The source as loaded; undefined while it is being created. */
  saved: EmailSource | undefined;
}) {
  const navigate = useNavigate();
  const saveSource = useSaveEmailSource();
  // The resolver is made once; the stored settings change after each save.
  const storedRef = useRef(stored);
  storedRef.current = stored;
  const [resolver] = useState(
    () =>
      zodResolver(ZEmailSourceEditorSchema(() => storedRef.current)) as Resolver<
        TEmailSourceForm,
        unknown,
        TEmailSource
      >,
  );
  const form = useForm({ resolver, defaultValues: initial });
  const watched = useWatch({ control: form.control, name: SECRET_FIELDS });
  const current = secretSettingsOf(
    Object.fromEntries(SECRET_FIELDS.map((name, index) => [name, watched[index]])),
  );
  const isMsal = current.isMsal;
  const secret = mailSecretState(stored, current);
  // The password's error depends on the settings it follows: once errors show, check it again as they change.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      const followed = (SECRET_FIELDS as readonly string[]).includes(name ?? '');
      if (followed && form.formState.isSubmitted) void form.trigger('password');
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const onSubmit = useEditorSubmit<TEmailSourceForm, TEmailSource, EmailSource>(form, state, {
    save: (values) => saveSource.mutateAsync(values),
    logLabel: 'Error saving email source:',
    failureMessage: saveFailureMessage,
    unexpectedMessage: EMAIL_SOURCE_MESSAGES.saveFailed,
    savedMessage: null,
    acceptFieldError: (path) => FORM_FIELDS.has(path),
    onSaved: (answer, values) => {
      if (answer.kind !== 'saved') return;
      // After a create the page becomes the new source's editor, so the next Save updates instead of creating again.
      if (values.id === 0) navigate(`${LIST_PATH}/edit/${answer.record.id}`, { replace: true });
      else form.reset(toForm(answer.record));
    },
  });

  const passwordHint = storedSecretHint(secret, mailSecretName(isMsal));

  return (
    <FormKit form={form} idOf={idOf} onSubmit={onSubmit} className="space-y-6">
      <UnsavedChangesGuard control={form.control} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Account Information</CardTitle>
            <CardDescription>The mailbox this source signs in to.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField name="username" label="Username" />
            <TextField name="email" label="Email" type="email" />
            <PasswordField
              name="password"
              label={isMsal ? 'Client Secret' : 'Password'}
              hint={passwordHint}
              autoComplete="new-password"
              required={secret.kind !== 'kept'}
            />
            <SwitchField
              name="isMsal"
              label="Use Microsoft Authentication (MSAL)"
              description="Sign in with an Azure app registration instead of a mailbox password."
            />
            <SwitchField
              name="activeStatus"
              label="Active"
              description="Only active sources are polled and can send."
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Server Configuration</CardTitle>
            <CardDescription>Where mail is read (IMAP) and sent (SMTP).</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
            <TextField name="incomingServer" label="Incoming Server" placeholder="imap.example.com" />
            <TextField
              name="incomingPort"
              label="Incoming Port"
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              placeholder="993"
            />
            <TextField name="outgoingServer" label="Outgoing Server" placeholder="smtp.example.com" />
            <TextField
              name="outgoingPort"
              label="Outgoing Port"
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              placeholder="587"
            />
            <div className="sm:col-span-2">
              <SwitchField
                name="ssl"
                label="Use SSL"
                description="Encrypted connections (TLS) to both servers."
              />
            </div>
          </CardContent>
        </Card>

        <MailboxSignInCard
          source={saved}
          onUseServers={(provider) => {
            const servers = MAILBOX_PROVIDER_SERVERS[provider];
            const dirty = { shouldDirty: true };
            form.setValue('incomingServer', servers.incomingServer, dirty);
            form.setValue('incomingPort', String(servers.incomingPort), dirty);
            form.setValue('outgoingServer', servers.outgoingServer, dirty);
            form.setValue('outgoingPort', String(servers.outgoingPort), dirty);
            form.setValue('ssl', true, dirty);
          }}
        />

        {isMsal && (
          <Card>
            <CardHeader>
              <CardTitle>Microsoft Authentication</CardTitle>
              <CardDescription>
                The app registration used for the client-credentials flow; the client secret goes in Account
                Information.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <TextField name="msalClientId" label="Client ID" />
              <TextField name="msalTennentId" label="Tenant ID" />
            </CardContent>
          </Card>
        )}
      </div>

      <ConnectionTest
        getValues={form.getValues}
        retype={secret.kind === 'retype' ? secret.message : null}
        onRetype={() => form.setFocus('password')}
      />

      {state.outcome.error && (
        <Alert variant="destructive">
          <AlertDescription className="break-words">{state.outcome.error}</AlertDescription>
        </Alert>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {state.button.state === 'saved' && <BackButton />}
        <Button type="submit" className="w-full min-w-36 sm:w-auto" disabled={state.saving}>
          {state.saving && <Loader2 className="animate-spin" aria-hidden />}
          {state.button.label}
        </Button>
      </div>
    </FormKit>
  );
}

/** What the password field says under it: kept, to be typed again (and why), or the length rule. */
function storedSecretHint(secret: StoredSecretState, secretName: string): string {
  if (secret.kind === 'kept') return `A ${secretName} is stored. Leave blank to keep it.`;
  if (secret.kind === 'retype') return secret.message;
  return `At least ${EMAIL_PASSWORD_MIN_LENGTH} characters.`;
}

/**
 * Beyond the spec: tries the values on screen (not yet saved) against both servers. A stored secret is
 * only used with the saved settings, so after a change the test waits for the secret to be typed.
 */
function ConnectionTest({
  getValues,
  retype,
  onRetype,
}: {
  getValues: () => TEmailSourceForm;
  retype: string | null;
  onRetype: () => void;
}) {
  const test = useTestEmailConnection();
  const [result, setResult] = useState<EmailConnectionTestResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setResult(null);
    setError(null);
    const values = getValues();
    if (retype && !values.password) {
      setError(retype);
      onRetype();
      return;
    }
    const parsed = ZEmailConnectionTestSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the server settings first.');
      return;
    }
    try {
      setResult(await test.mutateAsync(parsed.data));
    } catch (failure) {
      console.error('Error testing email connection:', failure);
      setError(describeError(failure, 'The connection test could not be run.'));
    }
  };

  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Connection Test</CardTitle>
          <CardDescription>Checks the values above against both servers without saving them.</CardDescription>
        </div>
        <Button type="button" variant="outline" disabled={test.isPending} onClick={() => void run()}>
          {test.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <PlugZap aria-hidden />}
          {test.isPending ? 'Testing...' : 'Test connection'}
        </Button>
      </CardHeader>
      {(result || error) && (
        <CardContent aria-live="polite">
          {error && (
            <Alert variant="destructive">
              <AlertDescription className="break-words">{error}</AlertDescription>
            </Alert>
          )}
          {result && (
            <ul className="grid gap-2 text-sm">
              <CheckLine label="Incoming (IMAP)" ok={result.incoming.ok} message={result.incoming.message} />
              <CheckLine label="Outgoing (SMTP)" ok={result.outgoing.ok} message={result.outgoing.message} />
            </ul>
          )}
        </CardContent>
      )}
    </Card>
  );
}

function CheckLine({ label, ok, message }: { label: string; ok: boolean; message: string }) {
  return (
    <li className="flex items-start gap-2">
      {ok ? (
        <CircleCheck
          className="mt-0.5 size-4 shrink-0 text-green-600 dark:text-green-500"
          role="img"
          aria-label="Passed"
        />
      ) : (
        <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" role="img" aria-label="Failed" />
      )}
      <span className="min-w-0 break-words">
        {label}: {message}
      </span>
    </li>
  );
}
