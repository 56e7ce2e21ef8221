import { type EmailSourceListItem, emailSourceLabel, MAX_UPLOAD_BYTES } from '@app/contracts';
import { Loader2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { DialogFooter, TitledDialog } from '@/components/titled-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useSendTestEmail } from '../api/email-sources';

const FILL_ALL = 'Please fill in all required fields.';
const TOO_LARGE = 'File size must be less than 10MB';
const SEND_FAILED = 'The test email could not be sent.';

/** The file's content as base64, without the "data:...;base64," prefix a data URL starts with. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result ?? '');
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The attachment could not be read.'));
    reader.readAsDataURL(file);
  });
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || SEND_FAILED;
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return SEND_FAILED;
}

/**
 * Send Test Email (docs/behaviour/sources.md#send-test-email): To Email, Subject Line and Message Body are required, the attachment is
 * optional (10 MB at most). Success closes the dialog and toasts the server's message; a failure keeps it
 * open and shows the server's message inside it.
 */
export function SendTestEmailDialog({
  source,
  onClose,
}: {
  source: EmailSourceListItem | null;
  onClose: () => void;
}) {
  const send = useSendTestEmail();
  const [toEmail, setToEmail] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [missingFields, setMissingFields] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // Kept while the dialog animates out, so the description does not go blank mid-transition.
  const [shown, setShown] = useState<EmailSourceListItem | null>(source);
  const [wasOpen, setWasOpen] = useState(false);
  const open = source !== null;
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      // Every opening starts from an empty form.
      setShown(source);
      setToEmail('');
      setSubject('');
      setBody('');
      setFile(null);
      setFileError(null);
      setMissingFields(false);
      setSendError(null);
    }
  } else if (source && source !== shown) {
    setShown(source);
  }

  const busy = reading || send.isPending;

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && chosen.size > MAX_UPLOAD_BYTES) {
      setFile(null);
      setFileError(TOO_LARGE);
      event.target.value = '';
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!source || busy) return;
    setSendError(null);
    if (!toEmail.trim() || !subject.trim() || !body.trim()) {
      setMissingFields(true);
      return;
    }
    setMissingFields(false);
    let fileData: { FileName: string; FileData: string } | null = null;
    try {
      if (file) {
        setReading(true);
        fileData = { FileName: file.name, FileData: await readAsBase64(file) };
      }
      const answer = await send.mutateAsync({
        ToEmail: toEmail.trim(),
        SubjectLine: subject.trim(),
        MessageContent: body,
        FileData: fileData,
        EmailSource: source,
      });
      toast.success(answer?.message || `Test email sent to ${toEmail.trim()}`);
      onClose();
    } catch (error) {
      console.error('Error sending test email:', error);
      setSendError(failureMessage(error));
    } finally {
      setReading(false);
    }
  };

  return (
    <TitledDialog
      open={open}
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Send Test Email"
      description={`Sends an e-mail through the outgoing server of ${shown ? `"${emailSourceLabel(shown)}"` : 'this source'}.`}
      contentClassName="sm:max-w-lg"
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {missingFields && (
          <Alert variant="destructive">
            <AlertDescription>{FILL_ALL}</AlertDescription>
          </Alert>
        )}

        <div className="grid gap-2">
          <Label htmlFor="test-email-to">To Email</Label>
          <Input
            id="test-email-to"
            type="email"
            autoComplete="email"
            placeholder="Recipient email address"
            value={toEmail}
            onChange={(event) => setToEmail(event.target.value)}
            aria-invalid={missingFields && !toEmail.trim() ? true : undefined}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="test-email-subject">Subject Line</Label>
          <Input
            id="test-email-subject"
            autoComplete="off"
            placeholder="Email subject"
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            aria-invalid={missingFields && !subject.trim() ? true : undefined}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="test-email-body">Message Body</Label>
          <Textarea
            id="test-email-body"
            placeholder="Email message"
            rows={5}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-invalid={missingFields && !body.trim() ? true : undefined}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="test-email-attachment">Attachment (optional)</Label>
          <Input
            id="test-email-attachment"
            type="file"
            onChange={onFileChange}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'test-email-attachment-error' : 'test-email-attachment-hint'}
          />
          {fileError ? (
            <p id="test-email-attachment-error" className="text-destructive text-sm">
              {fileError}
            </p>
          ) : (
            <p id="test-email-attachment-hint" className="text-muted-foreground text-xs">
              Up to 10 MB.
            </p>
          )}
        </div>

        {sendError && (
          <Alert variant="destructive">
            <AlertDescription className="break-words">{sendError}</AlertDescription>
          </Alert>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {busy ? 'Sending...' : 'Send'}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
