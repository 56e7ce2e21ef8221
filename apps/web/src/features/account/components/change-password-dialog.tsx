import { PASSWORD_HINT, passwordProblem, SESSION_ENDED_MESSAGES, type UserInfo } from '@app/contracts';
import { KeyRound, Loader2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormKit, useBoundField } from '@/components/form/bound-fields';
import { PasswordInput } from '@/components/password-input';
import { DialogFooter, TitledDialog } from '@/components/titled-dialog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useUpdatePassword } from '../api/account';
import { reportRequestError, useEndSession } from '../lib/account-actions';

const PASSWORD_MISMATCH = 'New password and confirm password do not match';

const NO_PASSWORDS = { current: '', next: '', confirm: '' };

export function ChangePasswordDialog({ info }: { info: UserInfo }) {
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
