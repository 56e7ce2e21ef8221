import { type TUserForm, type TUserFormParsed, type User, ZUserFormSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { FormKit, fieldsFor } from '@/components/form/bound-fields';
import {
  type EditorSaveState,
  useEditorSaveState,
  useEditorSubmit,
} from '@/components/form/use-editor-submit';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { describeError } from '@/lib/api-client';
import { HistoryButton } from '@/shared/audit/components/history-button';
import { EditorSkeleton } from '@/shared/sources/components/source-editor-parts';
import { NEW_USER_FORM, toUserForm, useSaveUser, useUser } from '../api/users';
import { RevokeApiTokens } from '../components/revoke-api-tokens';

const USERS_PATH = '/admin/manage/users';
const FORM_FIELDS = new Set(Object.keys(NEW_USER_FORM));

const { TextField, PasswordField, SwitchField } = fieldsFor<TUserForm>();
const idOf = (name: string) => `user-${name}`;

function parseUserId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export function UserEditorPage() {
  const userId = parseUserId(useParams().userId);
  const isCreate = userId === 0;
  const user = useUser(userId ?? 0, { enabled: userId !== null && userId > 0 });
  // Lives above the keyed form so 'Saved!' survives the switch from create to edit after the first save.
  const editorSave = useEditorSaveState(2000);

  let content: ReactNode;
  if (userId === null) {
    content = <LoadError message="This user id is not valid." />;
  } else if (isCreate) {
    content = <UserForm key="new" initial={NEW_USER_FORM} state={editorSave} />;
  } else if (user.isPending) {
    content = <EditorSkeleton cards={4} />;
  } else if (user.isError) {
    content = <LoadError message={describeError(user.error, 'The user could not be loaded.')} />;
  } else {
    content = <UserForm key={userId} initial={toUserForm(user.data)} state={editorSave} />;
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">{isCreate ? 'Create User' : 'Edit User'}</h1>
        <div className="flex flex-wrap gap-2">
          {!isCreate && userId !== null && user.data && <HistoryButton entityType="user" entityId={userId} />}
          <Button asChild variant="outline">
            <Link to={USERS_PATH}>
              <ArrowLeft />
              Back to Users
            </Link>
          </Button>
        </div>
      </div>
      {content}
    </div>
  );
}

function LoadError({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/**
 * New users are saved inactive (the spec's default) and nothing else says that they cannot sign in yet
 * (docs/behaviour/accounts-and-sign-in.md#inactive-users).
 */
export const INACTIVE_NOTICE = 'cannot sign in until Active is switched on and the user is saved again.';

function InactiveNotice({ username }: { username: string }) {
  return (
    <Alert role="status" className="border-amber-600/50 dark:border-amber-400/50">
      <TriangleAlert aria-hidden className="text-amber-700 dark:text-amber-400" />
      <AlertTitle>This user is inactive</AlertTitle>
      <AlertDescription>
        {username} {INACTIVE_NOTICE}
      </AlertDescription>
    </Alert>
  );
}

function UserForm({ initial, state }: { initial: TUserForm; state: EditorSaveState }) {
  const navigate = useNavigate();
  const saveUser = useSaveUser();
  const form = useForm({ resolver: zodResolver(ZUserFormSchema), defaultValues: initial });
  const savedUserId = Number(initial.userId);

  const onSubmit = useEditorSubmit<TUserForm, TUserFormParsed, User>(form, state, {
    save: async (values) => {
      const response = await saveUser.mutateAsync(values);
      if (response.notice) toast.info(response.notice);
      return response.user;
    },
    idKey: 'userId',
    logLabel: 'Error saving user:',
    failureMessage: (error) => describeError(error, 'The user could not be saved.'),
    unexpectedMessage: 'The user could not be saved.',
    savedMessage: null,
    acceptFieldError: (path) => FORM_FIELDS.has(path),
    onSaved: (answer, values) => {
      if (answer.kind !== 'saved') return;
      // After a create the page becomes the new user's editor, so the next Save updates instead of creating again.
      if (values.userId === 0) navigate(`${USERS_PATH}/edit/${answer.record.userId}`, { replace: true });
      else form.reset(toUserForm(answer.record));
    },
  });

  return (
    <FormKit form={form} idOf={idOf} onSubmit={onSubmit} className="space-y-6">
      <UnsavedChangesGuard control={form.control} />
      {savedUserId > 0 && initial.activeStatus === false && <InactiveNotice username={initial.username} />}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Basic Information</CardTitle>
            <CardDescription>How the user signs in and is addressed.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextField name="username" label="Username" className="sm:col-span-2" />
            <TextField name="email" label="Email" className="sm:col-span-2" type="email" />
            <TextField name="firstName" label="First Name" />
            <TextField name="lastName" label="Last Name" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Permissions</CardTitle>
            <CardDescription>What the user can see and do.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SwitchField
              name="isAdmin"
              label="Administrator"
              description="Full system administration rights."
            />
            <SwitchField
              name="inventoryUser"
              label="Inventory User"
              description="Access to inventory management features."
            />
            <SwitchField
              name="orderUser"
              label="Order User"
              description="Access to order tracking features."
            />
            <SwitchField
              name="submissionUser"
              label="Submission User"
              description="Access to order submission features."
            />
            <SwitchField
              name="debugMode"
              label="Debug Mode"
              description="Shows the debug tools on the inventory manual processing screen"
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Security &amp; Access</CardTitle>
            <CardDescription>Whether the user can sign in, and with which password.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SwitchField
              name="activeStatus"
              label="Active"
              description="The user can access the system when enabled."
            />
            <PasswordField
              name="password"
              label="Password"
              autoComplete="new-password"
              hint="Leave blank to let the user set their own, or to leave it unchanged on edit."
            />
            {savedUserId > 0 && <RevokeApiTokens userId={savedUserId} username={initial.username} />}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Notifications</CardTitle>
            <CardDescription>Scheduled notification e-mails about source activity.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SwitchField
              name="sendNotificationsToEmail"
              label="Send Notifications To Email"
              description="The user receives notification e-mails."
            />
          </CardContent>
        </Card>
      </div>

      {state.outcome.error && (
        <Alert variant="destructive">
          <AlertDescription>{state.outcome.error}</AlertDescription>
        </Alert>
      )}

      <div className="flex justify-end">
        <Button type="submit" className="w-full min-w-36 sm:w-auto" disabled={state.saving}>
          {state.button.label}
        </Button>
      </div>
    </FormKit>
  );
}
