/**
 * uuencoded files (docs/behaviour/mail-intake.md#attachment-structures): `begin 644 name … end` blocks in
 * a plain body (Outlook 2000's non-MIME messages) and parts sent with Content-Transfer-Encoding
 * x-uuencode (Eudora).
 */

export interface UuFile {
  fileName: string;
  content: Buffer;
}

const BEGIN = /^begin(?:-base64)? +[0-7]{3,4} +(.+?)\s*$/;

function decodeLine(line: string): number[] {
  // The first character is the line's byte count; "`" stands for 0 like a space.
  const length = (line.charCodeAt(0) - 32) & 63;
  const bytes: number[] = [];
  for (let index = 1; bytes.length < length && index + 3 < line.length + 3; index += 4) {
    const [a, b, c, d] = [0, 1, 2, 3].map((offset) => (line.charCodeAt(index + offset) - 32) & 63) as [
      number,
      number,
      number,
      number,
    ];
    bytes.push(((a << 2) | (b >> 4)) & 0xff, ((b << 4) | (c >> 2)) & 0xff, ((c << 6) | d) & 0xff);
  }
  return bytes.slice(0, length);
}

/** The uuencoded files in a text, and the text without them. */
export function extractUuencoded(text: string): { files: UuFile[]; rest: string } {
  const lines = text.split(/\r?\n/);
  const files: UuFile[] = [];
  const rest: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const begin = BEGIN.exec(lines[index]!);
    if (!begin) {
      rest.push(lines[index]!);
      continue;
    }
    const end = lines.findIndex((line, at) => at > index && line.trim() === 'end');
    if (end === -1) {
      rest.push(lines[index]!);
      continue;
    }
    const bytes: number[] = [];
    for (const line of lines.slice(index + 1, end)) {
      if (line.length > 0) bytes.push(...decodeLine(line));
    }
    files.push({ fileName: begin[1]!, content: Buffer.from(bytes) });
    index = end;
  }
  return { files, rest: rest.join('\n') };
}

/** A text that contains a `begin … end` block at all (cheap test before decoding). */
export function hasUuencoded(text: string): boolean {
  return /^begin +[0-7]{3,4} +\S/m.test(text);
}
