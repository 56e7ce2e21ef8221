/**
 * Which files of an SFTP inbound folder are the source's supplier files (docs/behaviour/inventory.md#sftp-intake): the same
 * name rule as mail attachments (`attachmentName`, '*' wildcard, case-insensitive, with or without the
 * extension) and the source's file type. Pure functions, tested without a server.
 */
import path from 'node:path';
import type { SftpEntry } from '../../integrations/sftp';
import { fileNameMatches } from './mail-matching';

export interface InboundRule {
  attachmentName: string;
  fileType: string;
}

function normaliseFileType(fileType: string): string {
  const lowered = fileType.trim().toLowerCase();
  if (lowered === '') return '';
  return lowered.startsWith('.') ? lowered : `.${lowered}`;
}

export function inboundFileMatches(rule: InboundRule, fileName: string): boolean {
  // Hidden files include the ".name.partial" of uploads in progress (ours and most clients').
  if (fileName.startsWith('.')) return false;
  const extension = path.extname(fileName).toLowerCase();
  const wanted = normaliseFileType(rule.fileType);
  if (wanted !== '' && extension !== wanted) return false;
  return fileNameMatches(rule.attachmentName.trim() || '*', fileName);
}

/**
 * The files to read, oldest first (then by name). A file modified less than `minAgeMs` before `now` may
 * still be being written by the supplier and waits for the next poll.
 */
export function pickInboundFiles(
  rule: InboundRule,
  entries: SftpEntry[],
  now: Date,
  minAgeMs: number,
): SftpEntry[] {
  const time = (entry: SftpEntry) => (entry.modifiedAt ? Date.parse(entry.modifiedAt) : 0);
  return entries
    .filter((entry) => entry.type === 'file' && inboundFileMatches(rule, entry.name))
    .filter((entry) => now.getTime() - time(entry) >= minAgeMs)
    .sort((a, b) => time(a) - time(b) || a.name.localeCompare(b.name));
}
