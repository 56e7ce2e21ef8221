import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useRevokeUserApiTokens } from '../api/users';

/**
 * The user editor's "Revoke all API tokens" (docs/behaviour/api-tokens.md#revoked-by-an-admin): asks first,
 * then ends every token the user made for scripts, without touching the account itself.
 */
export function RevokeApiTokens({ userId, username }: { userId: number; username: string }) {
  const [asking, setAsking] = useState<{ userId: number; username: string } | null>(null);
  const revoke = useRevokeUserApiTokens();
  return (
    <div className="grid gap-2">
      <p className="font-medium text-sm">API tokens</p>
      <p className="text-muted-foreground text-sm">
        End every API token this user created for scripts and other systems. Their account and sign-in stay as
        they are.
      </p>
      <div>
        <Button type="button" variant="outline" onClick={() => setAsking({ userId, username })}>
          <KeyRound aria-hidden />
          Revoke all API tokens
        </Button>
      </div>
      <ConfirmDialog
        item={asking}
        onClose={() => setAsking(null)}
        title="Revoke all API tokens"
        description={(user) =>
          `Every API token of ${user.username} stops working at once. Scripts that use them will be refused until ${user.username} creates new ones.`
        }
        action="Revoke all"
        busyAction="Revoking…"
        destructive
        onConfirm={async (user) => {
          const { revoked } = await revoke.mutateAsync(user.userId);
          toast.success(
            revoked === 0
              ? `${user.username} had no API tokens to revoke`
              : `Revoked ${revoked} API ${revoked === 1 ? 'token' : 'tokens'} of ${user.username}`,
          );
        }}
        logLabel="Error revoking API tokens:"
        failureMessage={(user) => `The API tokens of ${user.username} could not be revoked.`}
      />
    </div>
  );
}
