/**
 * The one file-name sanitiser (docs/design/security.md#file-names): every name the product writes — a
 * download's Content-Disposition, a stored file, an e-mail attachment, an SFTP remote file, a generated
 * inventory file — goes through it, since most of them come from someone else's file (a sample, an
 * attachment, a vendor page's download).
 */
import path from 'node:path';

const MAX_LENGTH = 200;

/**
 * Control characters (CR and LF would split a MIME header; a tab or NUL confuses a server), the characters
 * Windows forbids (quotes included), and the invisible direction marks that make `exe.csv` read as `vsc.exe`.
 */
const UNSAFE_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f<>:"|?*\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
const UNSAFE = new RegExp(`[${UNSAFE_CHARACTERS}]`, 'g');
/** A run of unsafe characters or folder separators, in a composed name. */
const UNSAFE_RUN = new RegExp(`[/\\\\${UNSAFE_CHARACTERS}]+`, 'g');

/**
 * The last path segment of `name` without unsafe characters, leading dots (a hidden file, or `..`) and the
 * trailing dots and spaces Windows drops, at most 200 characters with its extension kept; '' when nothing
 * is left.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(UNSAFE, '')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  return cleaned.length > MAX_LENGTH ? truncateKeepingExtension(cleaned, MAX_LENGTH) : cleaned;
}

/** The sanitised name, or `fallback` when nothing of it is left. */
export function cleanFileName(name: string, fallback: string): string {
  return sanitizeFileName(name) || fallback;
}

/**
 * A name the product composes from text (a vendor and its PO numbers, an e-mail's subject): the same
 * characters go, but as `_` so that `PO 12/34` stays readable, and runs of white space become one space.
 */
export function composeFileName(text: string, fallback: string): string {
  return cleanFileName(text.replace(UNSAFE_RUN, '_').replace(/\s+/g, ' '), fallback);
}

function truncateKeepingExtension(name: string, maxLength: number): string {
  const extension = path.extname(name).slice(0, 10);
  return name.slice(0, maxLength - extension.length) + extension;
}
