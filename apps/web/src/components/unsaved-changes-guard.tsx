import { useEffect } from 'react';
import { type Control, type FieldValues, useFormState } from 'react-hook-form';
import { useBlocker } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

export const UNSAVED_CHANGES = {
  title: 'Discard unsaved changes?',
  description: 'You have changes on this page that are not saved. If you leave now, they are lost.',
  stay: 'Stay on Page',
  leave: 'Discard Changes',
} as const;

/**
 * docs/behaviour/screens.md#unsaved-changes: while the editor's form differs from what was loaded or last saved,
 * leaving it inside the app (header links, Cancel, Back, the browser's back button) asks first, and closing the
 * tab or reloading gets the browser's own prompt. A save in progress is not guarded: editors navigate away
 * (or to the new record's address) on purpose once it succeeds, before the form has been reset.
 */
export function UnsavedChangesGuard<T extends FieldValues, C, O extends FieldValues>({
  control,
}: {
  control: Control<T, C, O>;
}) {
  const { isDirty, isSubmitting } = useFormState<T, O>({ control });
  const guarded = isDirty && !isSubmitting;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guarded && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!guarded) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guarded]);

  return (
    <AlertDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{UNSAVED_CHANGES.title}</AlertDialogTitle>
          <AlertDialogDescription>{UNSAVED_CHANGES.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{UNSAVED_CHANGES.stay}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => blocker.proceed?.()}>
            {UNSAVED_CHANGES.leave}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
