/**
 * The prepare step of a poll (docs/design/mail-intake-exactly-once.md#steps): the raw .eml bytes in, the
 * "prepared message" out — headers, sender addresses, subject, bodies and the attachment files matching
 * reads. A pure function of the bytes, so every MIME structure is tested without a mail server.
 *
 * Which parts are files (docs/behaviour/mail-intake.md#attachment-structures): any part with a file name,
 * text parts included, whatever its disposition; uuencoded blocks; nameless application/octet-stream parts
 * (typed from their content); the files inside TNEF (winmail.dat); and the files of forwarded messages
 * (message/rfc822), down to MAX_DEPTH.
 * Not files: the message's own text and HTML bodies, and pictures placed in the body.
 */
import path from 'node:path';
import { extensionFor, type MailAttachment } from '../mail-matching';
import { type MessageHeaders, readMessageHeaders } from './headers';
import { sniffFileType } from './sniff';
import { isTnef, readTnef } from './tnef';
import { decodedBody, decodedText, type MimeNode, parseMimeNode } from './tree';
import { extractUuencoded, hasUuencoded } from './uuencode';

/** Forwarded messages inside forwarded messages are opened this deep; deeper ones stay closed. */
export const MAX_DEPTH = 5;

/** A forwarded message found inside the message, with its own headers and files. */
export interface ForwardedMail {
  headers: MessageHeaders;
  /** 1 for a message forwarded as attachment, 2 for one forwarded inside that, … */
  depth: number;
  attachments: MailAttachment[];
}

/** One leaf part, as the run of a message that produced nothing lists it. */
export interface PartSummary {
  contentType: string;
  fileName: string | null;
  size: number;
}

export interface PreparedMail {
  headers: MessageHeaders;
  text: string;
  html: string;
  /** Every file: the message's own, then those of forwarded messages, in the order they appear. */
  attachments: MailAttachment[];
  forwarded: ForwardedMail[];
  parts: PartSummary[];
}

interface Level {
  attachments: MailAttachment[];
  /** The files of this level and of every level inside it. */
  sinks: MailAttachment[][];
}

const NAME_PARAMS = ['filename', 'name', 'file', 'filename*', 'name*'];

/** The file name a part carries, in whichever parameter its mailer put it. */
export function partFileName(node: MimeNode): string | undefined {
  for (const params of [node.dispositionParams, node.typeParams]) {
    for (const key of NAME_PARAMS) {
      const value = params[key]?.trim();
      if (value) return value.replace(/^.*[\\/]/, '');
    }
  }
  return undefined;
}

const TNEF_TYPES = new Set(['application/ms-tnef', 'application/vnd.ms-tnef']);
const UUENCODE = new Set(['x-uuencode', 'uuencode', 'x-uue', 'uue']);

export function prepareMail(raw: Buffer): PreparedMail {
  const root = parseMimeNode(raw);
  const mail: PreparedMail = {
    headers: readMessageHeaders(raw),
    text: '',
    html: '',
    attachments: [],
    forwarded: [],
    parts: [],
  };
  walk(root, { depth: 0, related: false }, mail, {
    attachments: mail.attachments,
    sinks: [mail.attachments],
  });
  return mail;
}

interface Place {
  depth: number;
  /** Inside multipart/related, after its root part: pictures the HTML body shows. */
  related: boolean;
}

function walk(node: MimeNode, place: Place, mail: PreparedMail, level: Level): void {
  if (node.contentType.startsWith('multipart/')) {
    // A multipart whose parts could not be split has nothing a reader could open either.
    const related = node.contentType === 'multipart/related';
    node.children.forEach((child, index) => {
      walk(child, { depth: place.depth, related: place.related || (related && index > 0) }, mail, level);
    });
    return;
  }
  if (node.contentType === 'message/rfc822' && place.depth < MAX_DEPTH) {
    const inner = decodedBody(node);
    const forwarded: ForwardedMail = {
      headers: readMessageHeaders(inner),
      depth: place.depth + 1,
      attachments: [],
    };
    mail.forwarded.push(forwarded);
    const innerLevel: Level = {
      attachments: forwarded.attachments,
      sinks: [...level.sinks, forwarded.attachments],
    };
    walk(parseMimeNode(inner), { depth: place.depth + 1, related: false }, mail, innerLevel);
    return;
  }
  leaf(node, place, mail, level);
}

function leaf(node: MimeNode, place: Place, mail: PreparedMail, level: Level): void {
  const name = partFileName(node);
  const content = decodedBody(node);
  mail.parts.push({ contentType: node.contentType, fileName: name ?? null, size: content.length });
  const add = (file: MailAttachment) => {
    for (const sink of level.sinks) sink.push(file);
  };

  if (UUENCODE.has(node.transferEncoding)) {
    const { files } = extractUuencoded(node.body.toString('latin1'));
    for (const file of files)
      add(typed(name && files.length === 1 ? name : file.fileName, file.content, 'application/octet-stream'));
    if (files.length > 0) return;
  }
  if (TNEF_TYPES.has(node.contentType) || name?.toLowerCase() === 'winmail.dat') {
    if (isTnef(content)) {
      try {
        const files = readTnef(content);
        for (const file of files) add(typed(file.fileName, file.content, 'application/octet-stream'));
        if (files.length > 0) return;
      } catch {
        // A TNEF stream cut short: offered as it is, so the run names it.
      }
    }
  }
  const isBodyText =
    !name &&
    node.disposition !== 'attachment' &&
    (node.contentType === 'text/plain' || node.contentType === 'text/html');
  if (isBodyText) {
    const text = decodedText(node);
    // Only the outer message's bodies are the message's text; a forwarded one's belong to it.
    if (node.contentType === 'text/html') {
      if (place.depth === 0 && !mail.html) mail.html = text;
      return;
    }
    const uu = hasUuencoded(text) ? extractUuencoded(text) : { files: [], rest: text };
    for (const file of uu.files) add(typed(file.fileName, file.content, 'application/octet-stream'));
    if (place.depth === 0) mail.text = mail.text ? `${mail.text}\n${uu.rest}` : uu.rest;
    return;
  }
  if (isPicture(node, place, name)) return;
  const total = level.sinks[0]!.length;
  add(typed(name ?? `attachment-${total + 1}${extensionFor(node.contentType)}`, content, node.contentType));
}

/** A picture placed in the body (a signature logo, a pasted screenshot) is not an attachment. */
function isPicture(node: MimeNode, place: Place, name: string | undefined): boolean {
  if (place.related) return true;
  const inline = node.disposition === 'inline';
  if (inline && node.contentId) return true;
  return !name && node.disposition !== 'attachment' && node.contentType.startsWith('image/');
}

const KNOWN_EXTENSION = /\.(csv|txt|xlsx|xls|xlsm|tsv|json|xml|pdf|zip|html?)$/i;
const OCTET_STREAM = new Set(['application/octet-stream', 'application/x-msdownload', 'application/unknown']);

/**
 * A file as matching sees it. A generic type (octet-stream) or a name without a known extension is
 * typed from the content, and the name gets the extension the content shows, so the run says what it read.
 */
function typed(fileName: string, content: Buffer, contentType: string): MailAttachment {
  const generic = OCTET_STREAM.has(contentType) || path.extname(fileName) === '';
  const sniffed = generic ? sniffFileType(content) : undefined;
  if (!sniffed) return { fileName, contentType, content };
  const named = KNOWN_EXTENSION.test(fileName)
    ? fileName
    : `${fileName.replace(/\.$/, '')}${sniffed.extension}`;
  return { fileName: named, contentType: sniffed.contentType, content };
}
