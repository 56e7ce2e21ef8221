import {
  ORDER_TRACKING_COLUMN_KEYS,
  ORDER_TRACKING_COLUMN_LABELS,
  type OrderTrackingSettings,
  PASSWORD_HINT,
  passwordProblem,
  SESSION_ENDED_MESSAGES,
  type UserInfo,
} from '@app/contracts';
import { BookOpen, Columns3, KeyRound, Loader2, UserPen } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FormKit, TextField, useBoundField } from '@/components/form/bound-fields';
import { PasswordInput } from '@/components/password-input';
import { DialogFooter, TitledDialog } from '@/components/titled-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { ApiTokensSection } from '@/features/api-tokens/components/api-tokens-section';
import { useCurrentUser } from '@/features/auth/api/session';
import { ApiError, clearClientSession, describeError, markSessionEndedByApp } from '@/lib/api-client';
import { formatLongDateTime } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import {
  countEnabledColumns,
  type EnabledColumns,
  useOrderTrackingSettings,
  useSaveOrderTrackingSettings,
  useUpdatePassword,
  useUpdateUserInfo,
  useUpdateUsername,
  useUserInfo,
} from '../api/account';

const PASSWORD_MISMATCH = 'New password and confirm password do not match';

/** The spec's console texts stay; a toast is added (docs/design/differences.md#errors-are-shown) so the user learns about the failure too. */
function useReportQueryError(error: Error | null, consoleText: string, fallback: string) {
  useEffect(() => {
    if (!error) return;
    console.error(consoleText, error);
    toast.error(describeError(error, fallback));
  }, [error, consoleText, fallback]);
}

/** The old client logged 'failed' for an unexpected status and 'Request failed' when the call itself threw. */
function reportRequestError(error: unknown, fallback: string) {
  console.error(error instanceof ApiError ? 'failed' : 'Request failed', error);
  toast.error(describeError(error, fallback));
}

export function AccountPage() {
  const currentUser = useCurrentUser();
  const userInfo = useUserInfo(currentUser.data?.username);
  const settings = useOrderTrackingSettings(currentUser.data?.userId);

  useReportQueryError(userInfo.error, 'Error fetching data', 'Your account details could not be loaded.');
  useReportQueryError(
    settings.error,
    'Error fetching order tracking view settings',
    'Your Order Tracking column settings could not be loaded.',
  );

  const failed = currentUser.isError || (userInfo.isError && !userInfo.data);

  return (
    <div className="space-y-6">
      <h1 className="font-semibold text-2xl tracking-tight">User Information</h1>
      {userInfo.data ? (
        <AccountCards
          key={userInfo.data.userId}
          info={userInfo.data}
          settings={settings.data}
          settingsLoading={settings.isPending && !settings.isError}
        />
      ) : failed ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            <span>Your account details could not be loaded.</span>
            <Button variant="outline" size="sm" onClick={() => void userInfo.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-36 rounded-xl" />
          ))}
        </div>
      )}
      <ApiTokensSection />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <BookOpen aria-hidden className="size-4" />
            API reference
          </CardTitle>
        </CardHeader>
        <CardContent className="text-muted-foreground text-sm">
          Every call this app makes, for scripts and other systems that work with Inbox Ops.
        </CardContent>
        <CardFooter>
          <Button asChild variant="outline" size="sm">
            <Link to="/api-reference">Open the API reference</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}

interface Profile {
  email: string;
  firstName: string;
  lastName: string;
}

type ProfileField = keyof Profile;

const profileOf = (user: Pick<UserInfo, 'email' | 'firstName' | 'lastName'>): Profile => ({
  email: user.email ?? '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
});

function AccountCards({
  info,
  settings,
  settingsLoading,
}: {
  info: UserInfo;
  settings: OrderTrackingSettings | undefined;
  settingsLoading: boolean;
}) {
  const form = useForm<Profile>({ defaultValues: profileOf(info) });
  const [savingField, setSavingField] = useState<ProfileField | null>(null);
  const updateUserInfo = useUpdateUserInfo();

  // All three Save buttons send the same combined update (docs/behaviour/accounts-and-sign-in.md#profile); the answer refills all three fields.
  const saveProfile = (field: ProfileField) =>
    form.handleSubmit((profile) => {
      setSavingField(field);
      updateUserInfo.mutate(
        {
          UserID: info.userId,
          Email: profile.email,
          FirstName: profile.firstName,
          LastName: profile.lastName,
        },
        {
          onSuccess: (saved) => {
            form.reset(profileOf(saved));
            toast.success('Profile saved');
          },
          onError: (error) => reportRequestError(error, 'Your profile could not be saved.'),
          onSettled: () => setSavingField(null),
        },
      );
    });

  const profileCards: { field: ProfileField; label: string; autoComplete: string; type: string }[] = [
    { field: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
    { field: 'firstName', label: 'First Name', autoComplete: 'given-name', type: 'text' },
    { field: 'lastName', label: 'Last Name', autoComplete: 'family-name', type: 'text' },
  ];

  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <ValueCard title="User Id" value={String(info.userId)} />

      <Card className="h-full">
        <CardHeader>
          <CardTitle>Username</CardTitle>
        </CardHeader>
        <CardContent className="flex-1">
          <p className="break-all font-medium text-lg">{info.username}</p>
        </CardContent>
        <CardFooter className="flex-wrap gap-2">
          <ChangeUsernameDialog info={info} />
          <ChangePasswordDialog info={info} />
        </CardFooter>
      </Card>

      {profileCards.map(({ field, label, autoComplete, type }) => {
        const inputId = `account-${field}`;
        return (
          <Card key={field} className="h-full">
            <FormKit
              form={form}
              idOf={(name) => `account-${name}`}
              onSubmit={saveProfile(field)}
              className="flex h-full flex-col gap-6"
            >
              <CardHeader>
                <CardTitle>
                  <Label htmlFor={inputId} className="font-semibold text-base">
                    {label}
                  </Label>
                </CardTitle>
              </CardHeader>
              <CardContent className="flex-1">
                <Input id={inputId} type={type} autoComplete={autoComplete} {...form.register(field)} />
              </CardContent>
              <CardFooter>
                <Button type="submit" size="sm" disabled={updateUserInfo.isPending}>
                  {savingField === field && <Loader2 aria-hidden className="animate-spin" />}
                  Save
                </Button>
              </CardFooter>
            </FormKit>
          </Card>
        );
      })}

      <Card className="h-full">
        <CardHeader>
          <CardTitle>Order Tracking Page View Columns</CardTitle>
        </CardHeader>
        <CardContent className="flex-1">
          {settings ? (
            <p className="text-muted-foreground text-sm">
              {countEnabledColumns(settings.enabledColumns)} of {ORDER_TRACKING_COLUMN_KEYS.length} columns
              shown
            </p>
          ) : settingsLoading ? (
            <Skeleton className="h-5 w-40" />
          ) : (
            <p className="text-muted-foreground text-sm">Column settings are unavailable.</p>
          )}
        </CardContent>
        <CardFooter>
          <SelectColumnsDialog settings={settings} />
        </CardFooter>
      </Card>

      <ValueCard title="Last Login" value={formatLongDateTime(info.lastLogin)} />
      <ValueCard title="Created On" value={formatLongDateTime(info.createdOn)} />
    </div>
  );
}

function ValueCard({ title, value }: { title: string; value: string }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="break-words font-medium text-lg">{value}</p>
      </CardContent>
    </Card>
  );
}

/** Ends the client side of the session the server has just closed, and explains why on the login page. */
function useEndSession() {
  const navigate = useNavigate();
  return (message: string) => {
    // Queries still in flight meet the ended session; they must not announce it as expired over this message.
    markSessionEndedByApp();
    clearClientSession();
    queryClient.clear();
    navigate('/', { replace: true, state: { message } });
  };
}

function ChangeUsernameDialog({ info }: { info: UserInfo }) {
  const [open, setOpen] = useState(false);
  const form = useForm({ defaultValues: { newUsername: '' } });
  const updateUsername = useUpdateUsername();
  const endSession = useEndSession();

  const onOpenChange = (next: boolean) => {
    if (next) form.reset({ newUsername: '' });
    setOpen(next);
  };

  const onSubmit = form.handleSubmit(({ newUsername }) => {
    updateUsername.mutate(
      { UserID: info.userId, OldUsername: info.username, NewUsername: newUsername.trim() },
      {
        onSuccess: () => endSession(SESSION_ENDED_MESSAGES.usernameChanged),
        onError: (error) => reportRequestError(error, 'Your username could not be changed.'),
      },
    );
  });

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Username"
      description="Enter your new username below."
      trigger={
        <Button variant="outline" size="sm">
          <UserPen />
          Change Username
        </Button>
      }
    >
      <FormKit form={form} idOf={() => 'change-username'} onSubmit={onSubmit} className="grid gap-4">
        <TextField name="newUsername" label="Username" autoComplete="username" />
        <p className="text-muted-foreground text-sm">You will be signed out and asked to log in again.</p>
        <DialogFooter>
          <Button type="submit" disabled={updateUsername.isPending}>
            {updateUsername.isPending && <Loader2 aria-hidden className="animate-spin" />}
            Save Changes
          </Button>
        </DialogFooter>
      </FormKit>
    </TitledDialog>
  );
}

const NO_PASSWORDS = { current: '', next: '', confirm: '' };

function ChangePasswordDialog({ info }: { info: UserInfo }) {
  const [open, setOpen] = useState(false);
  const form = useForm({ defaultValues: NO_PASSWORDS });
  const [passwordsMatch, setPasswordsMatch] = useState(true);
  const [next, confirm] = useWatch({ control: form.control, name: ['next', 'confirm'] });
  const updatePassword = useUpdatePassword();
  const endSession = useEndSession();

  // Once flagged, the red labels clear as soon as the two entries agree again.
  if (!passwordsMatch && next === confirm) setPasswordsMatch(true);

  const onOpenChange = (nextOpen: boolean) => {
    if (nextOpen) {
      form.reset(NO_PASSWORDS);
      setPasswordsMatch(true);
    }
    setOpen(nextOpen);
  };

  const onSubmit = form.handleSubmit((fields) => {
    if (fields.next !== fields.confirm) {
      setPasswordsMatch(false);
      console.error(PASSWORD_MISMATCH);
      return;
    }
    setPasswordsMatch(true);
    // The server applies the same rule; checking here too tells the user before anything is sent.
    const problem = passwordProblem(fields.next);
    if (problem) {
      form.setError('next', { type: 'rule', message: problem });
      return;
    }
    updatePassword.mutate(
      { UserID: info.userId, Username: info.username, OldPassword: fields.current, NewPassword: fields.next },
      {
        onSuccess: () => endSession(SESSION_ENDED_MESSAGES.passwordChanged),
        onError: (error) => reportRequestError(error, 'Your password could not be changed.'),
      },
    );
  });

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Password"
      description="You will be signed out and asked to log in with the new password."
      trigger={
        <Button variant="outline" size="sm">
          <KeyRound />
          Change Password
        </Button>
      }
    >
      <FormKit
        form={form}
        idOf={(name) => PASSWORD_IDS[name] ?? name}
        onSubmit={onSubmit}
        className="grid gap-4"
      >
        <PasswordField name="current" label="Current Password" autoComplete="current-password" />
        <PasswordField
          name="next"
          label="New Password"
          autoComplete="new-password"
          invalid={!passwordsMatch}
          hint={PASSWORD_HINT}
          // A new entry takes back the rule's message until the next Save.
          onChange={() => form.clearErrors('next')}
        />
        <PasswordField
          name="confirm"
          label="Confirm Password"
          autoComplete="new-password"
          invalid={!passwordsMatch}
        />
        {!passwordsMatch && (
          <p id="password-mismatch" role="alert" className="font-medium text-destructive text-sm">
            {PASSWORD_MISMATCH}
          </p>
        )}
        <DialogFooter>
          <Button type="submit" disabled={updatePassword.isPending}>
            {updatePassword.isPending && <Loader2 aria-hidden className="animate-spin" />}
            Save Password
          </Button>
        </DialogFooter>
      </FormKit>
    </TitledDialog>
  );
}

const PASSWORD_IDS: Record<string, string> = {
  current: 'current-password',
  next: 'new-password',
  confirm: 'confirm-password',
};

/**
 * A masked password field of the dialog: its label turns red while the two new entries differ, and its own
 * message (the password rule) is announced (role="alert").
 */
function PasswordField({
  name,
  label,
  autoComplete,
  invalid = false,
  hint,
  onChange,
}: {
  name: 'current' | 'next' | 'confirm';
  label: string;
  autoComplete: string;
  invalid?: boolean;
  hint?: ReactNode;
  onChange?: () => void;
}) {
  const { form, id, error } = useBoundField(name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null, invalid ? 'password-mismatch' : null]
    .filter(Boolean)
    .join(' ');
  const field = form.register(name, { onChange });
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className={cn(invalid && 'text-destructive')}>
        {label}
      </Label>
      <PasswordInput
        id={id}
        autoComplete={autoComplete}
        aria-invalid={invalid || error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...field}
      />
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="font-medium text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

function SelectColumnsDialog({ settings }: { settings: OrderTrackingSettings | undefined }) {
  const [open, setOpen] = useState(false);
  const form = useForm<EnabledColumns>();
  const saveSettings = useSaveOrderTrackingSettings();

  // Each opening starts from the saved settings: switches only flip locally until Save Changes.
  const onOpenChange = (next: boolean) => {
    if (next && settings) form.reset({ ...settings.enabledColumns });
    setOpen(next);
  };

  const onSave = form.handleSubmit((enabledColumns) => {
    if (!settings) return;
    saveSettings.mutate(
      { id: settings.id, userId: settings.userId, enabledColumns },
      {
        onSuccess: () => {
          toast.success('Columns saved');
          setOpen(false);
        },
        onError: (error) => reportRequestError(error, 'Your column settings could not be saved.'),
      },
    );
  });

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Select Columns"
      description="Select which columns you want on your default view"
      contentClassName="flex max-h-[90dvh] flex-col sm:max-w-3xl"
      trigger={
        <Button variant="outline" size="sm" disabled={!settings}>
          <Columns3 />
          Select Columns
        </Button>
      }
    >
      <div className="-mx-1 grid min-h-0 grid-cols-1 gap-2 overflow-y-auto px-1 py-0.5 sm:grid-cols-3">
        {ORDER_TRACKING_COLUMN_KEYS.map((key) => {
          const switchId = `column-${key}`;
          return (
            <div key={key} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
              <Label htmlFor={switchId} className="font-normal">
                {ORDER_TRACKING_COLUMN_LABELS[key]}
              </Label>
              <Controller
                control={form.control}
                name={key}
                render={({ field }) => (
                  <Switch
                    id={switchId}
                    ref={field.ref}
                    checked={field.value ?? true}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </div>
          );
        })}
      </div>
      <DialogFooter>
        <Button onClick={() => void onSave()} disabled={saveSettings.isPending || !settings}>
          {saveSettings.isPending && <Loader2 aria-hidden className="animate-spin" />}
          Save Changes
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
