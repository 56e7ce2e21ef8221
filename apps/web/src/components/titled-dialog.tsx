import type { FormEventHandler, ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

export { DialogFooter };

interface TitledDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  /** The button that opens the dialog, when the dialog owns it. */
  trigger?: ReactNode;
  contentClassName?: string;
  headerClassName?: string;
  /** Makes header and body one form, so that Enter in any field submits it. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  formClassName?: string;
  children: ReactNode;
}

/** A dialog with the title and description every dialog of the app has (docs/behaviour/screens.md#dialogs). */
export function TitledDialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  contentClassName,
  headerClassName,
  onSubmit,
  formClassName,
  children,
}: TitledDialogProps) {
  const header = (
    <DialogHeader className={headerClassName}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={contentClassName}>
        {onSubmit ? (
          <form onSubmit={onSubmit} noValidate className={formClassName}>
            {header}
            {children}
          </form>
        ) : (
          <>
            {header}
            {children}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
