import {
  type ApiErrorBody,
  LOGIN_MESSAGES,
  type TLogin,
  ZLoginSchema,
  ZResetPasswordRequestSchema,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { FieldError, PasswordInput } from '@/components/password-input';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, describeError } from '@/lib/api-client';
import { login, requestPasswordReset } from '../api/session';

function hasServerMessage(error: ApiError): boolean {
  const body = error.body as Partial<ApiErrorBody> | undefined;
  return typeof body?.message === 'string' && body.message.trim() !== '';
}

/** docs/behaviour/accounts-and-sign-in.md#sign-in: the credentials message for 401, the server's own message, else the retry message. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return LOGIN_MESSAGES.failed;
    if (error.status < 500 && hasServerMessage(error)) return error.message;
  }
  return LOGIN_MESSAGES.retry;
}

function messageFromState(state: unknown): string | null {
  if (state && typeof state === 'object' && 'message' in state && typeof state.message === 'string') {
    return state.message;
  }
  return null;
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  const form = useForm<z.input<typeof ZLoginSchema>, unknown, TLogin>({
    resolver: zodResolver(ZLoginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  // A message handed over by a guard, a logout or the reset page. Once the user submits, the form's own
  // outcome replaces it (a failed login can also re-navigate here with a session message).
  const incomingMessage = submitted
    ? null
    : (messageFromState(location.state) ?? searchParams.get('message'));

  const onSubmit = form.handleSubmit(async (values) => {
    setSubmitted(true);
    setSubmitError(null);
    try {
      await login(values);
      navigate('/home');
    } catch (error) {
      setSubmitError(loginErrorMessage(error));
    }
  });

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/30 px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">
            <h1>Inbox Ops</h1>
          </CardTitle>
          <CardDescription>Sign in to your account</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {incomingMessage && (
            <Alert>
              <Info aria-hidden />
              <AlertDescription className="text-foreground">{incomingMessage}</AlertDescription>
            </Alert>
          )}
          {submitError && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden />
              <AlertDescription>{submitError}</AlertDescription>
            </Alert>
          )}
          <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
            <div className="flex flex-col gap-2">
              <Label htmlFor="login-username">Username</Label>
              <Input
                id="login-username"
                autoComplete="username"
                autoFocus
                aria-invalid={errors.username ? true : undefined}
                aria-describedby={errors.username ? 'login-username-error' : undefined}
                {...form.register('username')}
              />
              <FieldError id="login-username-error" message={errors.username?.message} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="login-password">Password</Label>
              <PasswordInput
                id="login-password"
                autoComplete="current-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'login-password-error' : undefined}
                {...form.register('password')}
              />
              <FieldError id="login-password-error" message={errors.password?.message} />
            </div>
            <Button type="submit" className="mt-2 w-full" disabled={isSubmitting}>
              {isSubmitting && <Spinner aria-hidden />}
              {isSubmitting ? 'Logging in...' : 'Login'}
            </Button>
          </form>
          <Button type="button" variant="link" className="self-center" onClick={() => setForgotOpen(true)}>
            Forgot Password
          </Button>
        </CardContent>
      </Card>
      <ForgotPasswordDialog
        open={forgotOpen}
        onOpenChange={setForgotOpen}
        initialUsername={form.getValues('username').trim()}
      />
    </main>
  );
}

const ZForgotPasswordFormSchema = z.object({ username: ZResetPasswordRequestSchema });
type TForgotPasswordForm = z.output<typeof ZForgotPasswordFormSchema>;

function ForgotPasswordDialog({
  open,
  onOpenChange,
  initialUsername,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  initialUsername: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Forgot Password</DialogTitle>
          <DialogDescription>
            Enter your username and we will e-mail you a link to reset your password.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from a fresh form. */}
        {open && <ForgotPasswordForm initialUsername={initialUsername} />}
      </DialogContent>
    </Dialog>
  );
}

function ForgotPasswordForm({ initialUsername }: { initialUsername: string }) {
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const form = useForm<z.input<typeof ZForgotPasswordFormSchema>, unknown, TForgotPasswordForm>({
    resolver: zodResolver(ZForgotPasswordFormSchema),
    defaultValues: { username: initialUsername },
  });
  const reset = useMutation({
    mutationFn: (username: string) => requestPasswordReset(username),
    onSuccess: (response) => {
      toast.success(response.message);
    },
  });
  const error = form.formState.errors.username?.message;

  const onSubmit = form.handleSubmit((values) => reset.mutate(values.username));

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      {reset.isSuccess && (
        <Alert>
          <Info aria-hidden />
          <AlertDescription className="text-foreground">{reset.data.message}</AlertDescription>
        </Alert>
      )}
      {reset.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>
            {describeError(reset.error, 'The reset e-mail could not be sent. Please try again.')}
          </AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId}>Username</Label>
        <Input
          id={fieldId}
          autoComplete="username"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...form.register('username')}
        />
        <FieldError id={errorId} message={error} />
      </div>
      <DialogFooter>
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending && <Spinner aria-hidden />}
          Send Reset Email
        </Button>
      </DialogFooter>
    </form>
  );
}
