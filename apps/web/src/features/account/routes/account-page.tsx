import { ORDER_TRACKING_COLUMN_KEYS, type OrderTrackingSettings, type UserInfo } from '@app/contracts';
import { BookOpen, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FormKit } from '@/components/form/bound-fields';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/api-client';
import { ApiTokensSection } from '@/shared/api-tokens/components/api-tokens-section';
import { useCurrentUser } from '@/shared/auth/api/session';
import { formatLongDateTime } from '@/shared/format/dates';
import {
  countEnabledColumns,
  useOrderTrackingSettings,
  useUpdateUserInfo,
  useUserInfo,
} from '../api/account';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { ChangeUsernameDialog } from '../components/change-username-dialog';
import { SelectColumnsDialog } from '../components/select-columns-dialog';
import { reportRequestError } from '../lib/account-actions';

/** The spec's console texts stay; a toast is added (docs/design/differences.md#errors-are-shown) so the user learns about the failure too. */
function useReportQueryError(error: Error | null, consoleText: string, fallback: string) {
  useEffect(() => {
    if (!error) return;
    console.error(consoleText, error);
    toast.error(describeError(error, fallback));
  }, [error, consoleText, fallback]);
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
