/**
 * The prepare step of a mail poll alone (apps/server/src/modules/intake/mime/prepare-mail.ts): every
 * structure of the test corpus, read 100 times, against mailparser's simpleParser on the same bytes (the
 * reader the poll used before it walked the MIME tree itself). No server, no database.
 */
import { cpus, loadavg } from 'node:os';
import { simpleParser } from 'mailparser';
import { prepareMail } from '../apps/server/src/modules/intake/mime/prepare-mail';
import { buildCorpus } from '../apps/server/test/modules/intake-mime-corpus';

const ROUNDS = 100;
const mails = buildCorpus('1ZB').map((mail) => mail.raw);
const count = ROUNDS * mails.length;

let started = performance.now();
for (let round = 0; round < ROUNDS; round += 1) for (const raw of mails) prepareMail(raw);
const own = performance.now() - started;

started = performance.now();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const raw of mails) {
    await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  }
}
const mailparser = performance.now() - started;

console.log(`${count} messages (${mails.length} structures × ${ROUNDS})`);
console.log(`prepareMail:            ${(own / count).toFixed(3)} ms per message`);
console.log(`mailparser simpleParser: ${(mailparser / count).toFixed(3)} ms per message`);
console.log(
  `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} on ${cpus().length} cores`,
);
