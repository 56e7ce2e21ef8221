import { Pencil } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { describeError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

export type SaveNote = (orderId: number, note: string) => Promise<unknown>;

/**
 * The grid's inline note (docs/behaviour/order-tracking.md#notes): a button showing the note; clicking it (or Enter on the cell) turns it
 * into an input. Enter or leaving the input saves, Escape reverts. While the call runs the new text shows; a
 * failed save puts the old text back, logs the error and says so (docs/design/differences.md#errors-are-shown).
 */
export function NotesCell({ orderId, note, onSave }: { orderId: number; note: string; onSave: SaveNote }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note);
  const [pending, setPending] = useState<string | null>(null);
  // Guards against a second commit: Enter closes the input, and removing it may fire blur.
  const editingRef = useRef(false);
  const shown = pending ?? note;

  const start = () => {
    editingRef.current = true;
    setDraft(shown);
    setEditing(true);
  };

  const stop = (save: boolean) => {
    if (!editingRef.current) return;
    editingRef.current = false;
    setEditing(false);
    if (!save || draft === shown) return;
    const next = draft;
    setPending(next);
    onSave(orderId, next)
      .catch((error: unknown) => {
        console.error('Error saving note:', error);
        toast.error('The note could not be saved; it has been put back.', {
          description: describeError(error, 'Please try again.'),
        });
      })
      .finally(() => setPending((current) => (current === next ? null : current)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The grid moves between cells with these keys; inside the input they edit text.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      stop(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stop(false);
    }
  };

  if (editing) {
    return (
      <input
        // biome-ignore lint/a11y/noAutofocus: the input replaces the button the user just activated.
        autoFocus
        aria-label="Note"
        value={draft}
        maxLength={4000}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => stop(true)}
        className="h-7 w-56 min-w-0 select-text rounded-sm border border-input bg-background px-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
      />
    );
  }
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={shown ? `Edit note: ${shown}` : 'Add note'}
      onClick={(event) => {
        // Shift-click belongs to the range selection.
        if (!event.shiftKey) start();
      }}
      className={cn(
        'group/note block h-7 w-full max-w-64 min-w-24 cursor-text truncate rounded-sm px-1 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
        !shown && 'text-muted-foreground italic',
        pending !== null && 'opacity-70',
      )}
    >
      {shown || <Pencil aria-hidden className="size-3.5 opacity-0 group-hover/note:opacity-60" />}
    </button>
  );
}
