import type { MailAttachment } from '../../src/modules/intake/mail-matching';

/** An attachment of a message under test, as intake sees it: a name, a type and a byte. */
export const attachedFile = (fileName: string, contentType = 'text/csv'): MailAttachment => ({
  fileName,
  contentType,
  content: Buffer.from('x'),
});
