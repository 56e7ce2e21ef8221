import { ConfirmDialog } from '@/components/confirm-dialog';

/**
 * 'Confirm Deletion' / 'Are you sure you want to delete "{name}"?' with Cancel and Delete.
 * `onConfirm` does the deletion: when it resolves the dialog closes; when it throws the dialog stays open and
 * shows the server's message inline (role="alert") and as a toast. The caller toasts success if it wants to.
 */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  name,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      item={open ? name : null}
      onClose={() => onOpenChange(false)}
      title="Confirm Deletion"
      description={(shown) => `Are you sure you want to delete "${shown}"?`}
      action="Delete"
      destructive
      onConfirm={onConfirm}
      logLabel="Error deleting:"
      failureMessage={(shown) => `"${shown}" could not be deleted.`}
    />
  );
}
