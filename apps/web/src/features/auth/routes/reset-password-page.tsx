import {
  PASSWORD_HINT,
  SESSION_ENDED_MESSAGES,
  ZNewPasswordSchema,
  ZResetPasswordConfirmSchema,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { FieldError, PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { describeError } from '@/lib/api-client';
import { confirmPasswordReset } from '@/shared/auth/api/session';
import { FormErrorAlert, SubmitButton } from '../components/auth-form-parts';

const INVALID_LINK_MESSAGE = 'This password reset link is invalid or has expired. Please request a new one.';

const ZResetPasswordFormSchema = z
  .object({
    newPassword: ZNewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
type TResetPasswordForm = z.infer<typeof ZResetPasswordFormSchema>;

function ResetPasswordShell({ description, children }: { description?: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/30 px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">
            <h1>Reset Password</h1>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-6">{children}</CardContent>
      </Card>
    </main>
  );
}

/**
 * The token of the e-mailed link, /reset-password#token=…: a fragment never leaves the browser, so the token
 * reaches no server log and no Referer. A link sent before the fragment form carried it as ?token=…; such a
 * token is moved into the fragment at once, so that a reload does not send it again.
 */
function useResetToken(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const fromFragment = new URLSearchParams(location.hash.slice(1)).get('token');
  const fromQuery = new URLSearchParams(location.search).get('token');
  useEffect(() => {
    if (fromFragment || !fromQuery) return;
    navigate(
      { pathname: location.pathname, search: '', hash: `token=${encodeURIComponent(fromQuery)}` },
      { replace: true },
    );
  }, [fromFragment, fromQuery, location.pathname, navigate]);
  return fromFragment ?? fromQuery ?? '';
}

/** The page the e-mailed reset (or set-password) link opens. */
export function ResetPasswordPage() {
  const token = useResetToken();

  if (!ZResetPasswordConfirmSchema.shape.token.safeParse(token).success) {
    return (
      <ResetPasswordShell>
        <FormErrorAlert message={INVALID_LINK_MESSAGE} />
        <Button asChild variant="outline" className="w-full">
          <Link to="/">Back to login</Link>
        </Button>
      </ResetPasswordShell>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      await confirmPasswordReset(token, values.newPassword);
      navigate('/', { replace: true, state: { message: SESSION_ENDED_MESSAGES.passwordReset } });
    } catch (error) {
      setSubmitError(describeError(error, 'Your password could not be reset. Please try again.'));
    }
  });

  return (
    <ResetPasswordShell description="Choose a new password for your Inbox Ops account.">
      {submitError && <FormErrorAlert message={submitError} />}
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <div className="flex flex-col gap-2">
          <Label htmlFor="reset-new-password">New Password</Label>
          <PasswordInput
            id="reset-new-password"
            autoComplete="new-password"
            autoFocus
            aria-invalid={errors.newPassword ? true : undefined}
            aria-describedby={
              errors.newPassword
                ? 'reset-new-password-hint reset-new-password-error'
                : 'reset-new-password-hint'
            }
            {...form.register('newPassword')}
          />
          <p id="reset-new-password-hint" className="text-muted-foreground text-xs">
            {PASSWORD_HINT}
          </p>
          <FieldError id="reset-new-password-error" message={errors.newPassword?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="reset-confirm-password">Confirm Password</Label>
          <PasswordInput
            id="reset-confirm-password"
            autoComplete="new-password"
            aria-invalid={errors.confirmPassword ? true : undefined}
            aria-describedby={errors.confirmPassword ? 'reset-confirm-password-error' : undefined}
            {...form.register('confirmPassword')}
          />
          <FieldError id="reset-confirm-password-error" message={errors.confirmPassword?.message} />
        </div>
        <SubmitButton busy={isSubmitting} label="Reset Password" busyLabel="Resetting..." />
      </form>
      <Button asChild variant="link" className="self-center">
        <Link to="/">Back to login</Link>
      </Button>
    </ResetPasswordShell>
  );
}
