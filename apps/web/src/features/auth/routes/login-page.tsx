import { type ApiErrorBody, LOGIN_MESSAGES, type TLogin, ZLoginSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FieldError, PasswordInput } from '@/components/password-input';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { login } from '@/shared/auth/api/session';
import { FormErrorAlert, SubmitButton } from '../components/auth-form-parts';

// The dialog and its libraries load on the first press of Forgot Password (or when the pointer or focus reaches
// the button), not with the login page: docs/design/web-delivery.md.
const loadForgotPasswordDialog = () => import('../components/forgot-password-dialog');
const ForgotPasswordDialog = lazy(() =>
  loadForgotPasswordDialog().then((module) => ({ default: module.ForgotPasswordDialog })),
);

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
  // Stays true after the first opening so the dialog keeps its closing animation.
  const [forgotRequested, setForgotRequested] = useState(false);

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

  // docs/behaviour/accounts-and-sign-in.md#sign-in: every press of Login starts afresh, so an earlier failure or
  // handed-over message never stands beside the field errors of this attempt.
  const clearOutcome = () => {
    setSubmitted(true);
    setSubmitError(null);
  };
  const onSubmit = form.handleSubmit(async (values) => {
    clearOutcome();
    try {
      await login(values);
      navigate('/home');
    } catch (error) {
      setSubmitError(loginErrorMessage(error));
    }
  }, clearOutcome);

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
          {submitError && <FormErrorAlert message={submitError} />}
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
            <SubmitButton busy={isSubmitting} label="Login" busyLabel="Logging in..." />
          </form>
          <Button
            type="button"
            variant="link"
            className="self-center"
            onPointerEnter={() => void loadForgotPasswordDialog()}
            onFocus={() => void loadForgotPasswordDialog()}
            onClick={() => {
              setForgotRequested(true);
              setForgotOpen(true);
            }}
          >
            Forgot Password
          </Button>
        </CardContent>
      </Card>
      {forgotRequested && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={forgotOpen}
            onOpenChange={setForgotOpen}
            initialUsername={form.getValues('username').trim()}
          />
        </Suspense>
      )}
    </main>
  );
}
