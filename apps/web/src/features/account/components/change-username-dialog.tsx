import { SESSION_ENDED_MESSAGES, type UserInfo } from '@app/contracts';
import { Loader2, UserPen } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormKit, TextField } from '@/components/form/bound-fields';
import { DialogFooter, TitledDialog } from '@/components/titled-dialog';
import { Button } from '@/components/ui/button';
import { useUpdateUsername } from '../api/account';
import { reportRequestError, useEndSession } from '../lib/account-actions';

export function ChangeUsernameDialog({ info }: { info: UserInfo }) {
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
