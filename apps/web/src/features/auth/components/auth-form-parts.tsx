/** Pieces the sign-in forms share: the form's error and its submit button, which shows its work while it runs. */
import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export function FormErrorAlert({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** The form's full-width submit button: disabled with a spinner and `busyLabel` while the form submits. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button type="submit" className="mt-2 w-full" disabled={busy}>
      {busy && <Spinner aria-hidden />}
      {busy ? busyLabel : label}
    </Button>
  );
}
