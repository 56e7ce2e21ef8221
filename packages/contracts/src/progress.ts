import { z } from 'zod';

/**
 * Progress of long work started by a request (docs/behaviour/runs-and-history.md#progress): Process File,
 * manual inventory processing and Check now. The browser names the work with a random key in the
 * PROGRESS_HEADER of the request that starts it, and asks GET /api/progress/{key} while it waits.
 */
export const PROGRESS_HEADER = 'x-progress-key';
export const PROGRESS_KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;
export const progressPath = (key: string) => `/api/progress/${encodeURIComponent(key)}`;

export const ZWorkProgressSchema = z.object({
  /** What is counted: 'rows' (a file's rows) or 'messages' (a mailbox's messages). */
  unit: z.enum(['rows', 'messages']),
  done: z.number().int(),
  /** Null until known (the file is still being read, the mailbox still being listed). */
  total: z.number().int().nullable(),
});
export type WorkProgress = z.infer<typeof ZWorkProgressSchema>;

const counts = new Intl.NumberFormat('en-US');

/** "12,000 / 80,000 rows"; "Reading..." before the total is known. */
export function progressText(progress: WorkProgress): string {
  if (progress.total === null)
    return progress.unit === 'rows' ? 'Reading the file...' : 'Listing the mailbox...';
  return `${counts.format(progress.done)} / ${counts.format(progress.total)} ${progress.unit}`;
}
