import { ZResetPasswordRequestSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, Info } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FieldError } from '@/components/password-input';
import { DialogFooter, TitledDialog } from '@/components/titled-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { describeError } from '@/lib/api-client';
import { requestPasswordReset } from '@/shared/auth/api/session';

const ZForgotPasswordFormSchema = z.object({ username: ZResetPasswordRequestSchema });
type TForgotPasswordForm = z.output<typeof ZForgotPasswordFormSchema>;

export function ForgotPasswordDialog({
  open,
  onOpenChange,
  initialUsername,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  initialUsername: string;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Forgot Password"
      description="Enter your username and we will e-mail you a link to reset your password."
      contentClassName="sm:max-w-md"
    >
      {/* Mounted only while open, so every opening starts from a fresh form. */}
      {open && <ForgotPasswordForm initialUsername={initialUsername} />}
    </TitledDialog>
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
