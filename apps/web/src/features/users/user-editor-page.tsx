import { type TUserForm, type TUserFormParsed, type User, ZUserFormSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type Control, type FieldPath, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PasswordInput } from '@/components/password-input';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { ControlledSwitchField } from '@/features/sources/components/source-editor-parts';
import { useSaveState } from '@/hooks/use-save-state';
import { ApiError, describeError } from '@/lib/api-client';
import { NEW_USER_FORM, toUserForm, useSaveUser, useUser } from './api/users';

const USERS_PATH = '/admin/manage/users';
const FORM_FIELDS = new Set(Object.keys(NEW_USER_FORM));

type SaveStateApi = ReturnType<typeof useSaveState>;

function parseUserId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export function UserEditorPage() {
  const userId = parseUserId(useParams().userId);
  const isCreate = userId === 0;
  const user = useUser(userId ?? 0, { enabled: userId !== null && userId > 0 });
  // Lives above the keyed form so 'Saved!' survives the switch from create to edit after the first save.
  const saveState = useSaveState(2000);

  let content: ReactNode;
  if (userId === null) {
    content = <LoadError message="This user id is not valid." />;
  } else if (isCreate) {
    content = <UserForm key="new" initial={NEW_USER_FORM} saveState={saveState} />;
  } else if (user.isPending) {
    content = <EditorSkeleton />;
  } else if (user.isError) {
    content = <LoadError message={describeError(user.error, 'The user could not be loaded.')} />;
  } else {
    content = <UserForm key={userId} initial={toUserForm(user.data)} saveState={saveState} />;
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">{isCreate ? 'Create User' : 'Edit User'}</h1>
        <Button asChild variant="outline">
          <Link to={USERS_PATH}>
            <ArrowLeft />
            Back to Users
          </Link>
        </Button>
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

function UserForm({ initial, saveState }: { initial: TUserForm; saveState: SaveStateApi }) {
  const navigate = useNavigate();
  const saveUser = useSaveUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZUserFormSchema), defaultValues: initial });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    saveState.start();
    let saved: User;
    try {
      const response = await saveUser.mutateAsync(values);
      saved = response.user;
      if (response.notice) toast.info(response.notice);
    } catch (error) {
      saveState.fail();
      console.error('Error saving user:', error);
      setServerError(describeError(error, 'The user could not be saved.'));
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (FORM_FIELDS.has(field))
            form.setError(field as FieldPath<TUserForm>, { type: 'server', message });
        }
      }
      return;
    }
    saveState.succeed();
    // After a create the page becomes the new user's editor, so the next Save updates instead of creating again.
    if (values.userId === 0) navigate(`${USERS_PATH}/edit/${saved.userId}`, { replace: true });
    else form.reset(toUserForm(saved));
  });

  const fieldError = (name: 'username' | 'email' | 'firstName' | 'lastName' | 'password') => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`user-${name}-error`} className="text-destructive text-sm">
        {message}
      </p>
    ) : null;
  };

  const textInputProps = (name: 'username' | 'email' | 'firstName' | 'lastName') => ({
    id: `user-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `user-${name}-error` : undefined,
    ...form.register(name),
  });

  const switchRow = (name: SwitchField, label: string, description: string) => (
    <SwitchRow control={form.control} name={name} label={label} description={description} />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <UnsavedChangesGuard control={form.control} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Basic Information</CardTitle>
            <CardDescription>How the user signs in and is addressed.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor="user-username">Username</Label>
              <Input autoComplete="off" {...textInputProps('username')} />
              {fieldError('username')}
            </div>
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor="user-email">Email</Label>
              <Input type="email" autoComplete="off" {...textInputProps('email')} />
              {fieldError('email')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="user-firstName">First Name</Label>
              <Input autoComplete="off" {...textInputProps('firstName')} />
              {fieldError('firstName')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="user-lastName">Last Name</Label>
              <Input autoComplete="off" {...textInputProps('lastName')} />
              {fieldError('lastName')}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Permissions</CardTitle>
            <CardDescription>What the user can see and do.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {switchRow('isAdmin', 'Administrator', 'Full system administration rights.')}
            {switchRow('inventoryUser', 'Inventory User', 'Access to inventory management features.')}
            {switchRow('orderUser', 'Order User', 'Access to order tracking features.')}
            {switchRow('submissionUser', 'Submission User', 'Access to order submission features.')}
            {switchRow(
              'debugMode',
              'Debug Mode',
              'Shows the debug tools on the inventory manual processing screen',
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Security &amp; Access</CardTitle>
            <CardDescription>Whether the user can sign in, and with which password.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {switchRow('activeStatus', 'Active', 'The user can access the system when enabled.')}
            <div className="grid gap-2">
              <Label htmlFor="user-password">Password</Label>
              <PasswordInput
                id="user-password"
                autoComplete="new-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={
                  errors.password ? 'user-password-hint user-password-error' : 'user-password-hint'
                }
                {...form.register('password')}
              />
              <p id="user-password-hint" className="text-muted-foreground text-xs">
                Leave blank to let the user set their own, or to leave it unchanged on edit.
              </p>
              {fieldError('password')}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Notifications</CardTitle>
            <CardDescription>Scheduled notification e-mails about source activity.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {switchRow(
              'sendNotificationsToEmail',
              'Send Notifications To Email',
              'The user receives notification e-mails.',
            )}
          </CardContent>
        </Card>
      </div>

      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}

      <div className="flex justify-end">
        <Button type="submit" className="w-full min-w-36 sm:w-auto" disabled={saveState.state === 'saving'}>
          {saveState.label}
        </Button>
      </div>
    </form>
  );
}

type SwitchField =
  | 'isAdmin'
  | 'inventoryUser'
  | 'orderUser'
  | 'submissionUser'
  | 'debugMode'
  | 'activeStatus'
  | 'sendNotificationsToEmail';

function SwitchRow(props: {
  control: Control<TUserForm, unknown, TUserFormParsed>;
  name: SwitchField;
  label: string;
  description: string;
}) {
  return <ControlledSwitchField {...props} id={`user-${props.name}`} />;
}

function EditorSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-64 rounded-xl" />
      ))}
    </div>
  );
}
