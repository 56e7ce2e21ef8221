/** Texts for run records: count labels, the e-mail poll state, upload checks (dates: shared/format/dates.ts). */
import { MAX_UPLOAD_BYTES } from '@app/contracts';

/**
 * "20 new, 3 changed": the split of a run's orders updated (docs/behaviour/order-tracking.md#new-and-changed-orders);
 * null when there is nothing to split (no order updated) or the run did not count it (recorded before the split).
 */
export function newAndChangedText(counts: {
  ordersUpdated: number;
  ordersNew?: number | null;
  ordersChanged?: number | null;
}): string | null {
  if (counts.ordersUpdated === 0 || counts.ordersNew == null || counts.ordersChanged == null) return null;
  return `${counts.ordersNew.toLocaleString('en-US')} new, ${counts.ordersChanged.toLocaleString('en-US')} changed`;
}

/** `rowsImported` → "Rows imported", `ordersUpdated` → "Orders updated". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The latest poll failed when it left an error and no success came after it. */
export function pollErrorIsCurrent(source: {
  lastPollAt: string | null;
  lastPollSucceededAt: string | null;
  lastPollError: string | null;
}): boolean {
  if (!source.lastPollError) return false;
  if (!source.lastPollSucceededAt) return true;
  if (!source.lastPollAt) return true;
  return Date.parse(source.lastPollAt) > Date.parse(source.lastPollSucceededAt);
}

/** The extension of a file name, lower-cased with its dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const match = /\.[^./\\]+$/.exec(fileName);
  return match ? match[0].toLowerCase() : '';
}

/**
 * docs/behaviour/inventory.md#upload-checks: the extension must equal the source's file type, and the size must be
 * 10 MB or less. Answers the message to show, or null when the file is acceptable.
 */
export function checkUploadFile(file: { name: string; size: number }, fileType: string | null | undefined) {
  const expected = (fileType ?? '').trim().toLowerCase();
  const extension = extensionOf(file.name);
  if (expected && extension !== expected) {
    return `Invalid file type. Expected ${expected} but got ${extension || 'no extension'}`;
  }
  if (file.size > MAX_UPLOAD_BYTES) return 'File size must be less than 10MB';
  return null;
}
