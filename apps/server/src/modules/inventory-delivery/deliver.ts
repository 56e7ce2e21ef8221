/**
 * Delivery of a generated inventory file (docs/behaviour/inventory.md#delivery): e-mailed to the inventory recipients from the
 * source's own e-mail source, and/or uploaded to the source's SFTP outbound folder.
 *
 * Delivery runs after the run's transaction committed, so a delivery problem never undoes the processing: it
 * is an outcome ({ok: false, message}) written into the run's details (`details.delivery`) for the history,
 * never an exception. Both channels are attempted independently.
 */
import { RUN_TRIGGER_LABELS, type RunDetails, type RunTrigger } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import { SftpFailure, uploadFile } from '../../integrations/sftp';
import { errorMessage } from '../../lib/error-message';
import { cleanFileName } from '../../lib/file-names';
import { findEmailSourceById } from '../email-sources/repository';
import { sendFromEmailSource } from '../email-sources/source-connection';
import { readStoredFile } from '../files/stored-files';
import { inboundFileMatches } from '../intake/inbound-files';
import { findLiveInventorySource, type InventorySourceRow } from '../inventory-sources/repository';
import { sourceSftpSettings, withSourceSftp } from '../inventory-sources/sftp-connection';
import { getRun } from '../runs/repository';
import { emitInventoryFileDelivered } from '../webhooks/events';
import { inventoryRecipients } from './recipients';
import { mergeRunDeliveryRecord } from './repository';
import { normaliseFolder } from './source-sftp';

export const NO_RECIPIENTS_MESSAGE = 'No users receive inventory notifications';

export interface DeliverInventoryRunInput {
  runId: number;
  sourceId: number;
  /** 'Send Email Notification': e-mail the file to the inventory recipients. */
  sendEmail: boolean;
  /** 'Submit via SFTP': upload the file to the source's SFTP outbound folder. */
  submitSftp: boolean;
}

export interface EmailDelivery {
  ok: boolean;
  message: string;
  recipients: string[];
}

export interface SftpDelivery {
  ok: boolean;
  message: string;
  /** Where the file now is on the server (relative to the login folder unless the folder is absolute). */
  remotePath: string | null;
}

export interface InventoryDelivery {
  email?: EmailDelivery;
  sftp?: SftpDelivery;
}

/** What `details.delivery` of a run holds: the last delivery attempt and when it was made. */
export interface RunDeliveryRecord extends InventoryDelivery {
  at: string;
}

interface DeliverableRun {
  run: NonNullable<Awaited<ReturnType<typeof getRun>>>;
  source: InventorySourceRow;
  file: { fileName: string; contentType: string; content: Buffer };
}

/**
 * Delivers the run's output file on the channels asked for, records the outcome in the run's details and
 * returns it. Never throws: every problem is an `ok: false` outcome with a message an operator can act on.
 */
export async function deliverInventoryRun(
  context: AppContext,
  input: DeliverInventoryRunInput,
): Promise<InventoryDelivery> {
  if (!input.sendEmail && !input.submitSftp) return {};
  const loaded = await loadDeliverableRun(context.db, input).catch(
    (error: unknown) => `Could not read run #${input.runId}: ${errorMessage(error)}`,
  );
  const delivery: InventoryDelivery = {};
  if (typeof loaded === 'string') {
    if (input.sendEmail) delivery.email = { ok: false, message: loaded, recipients: [] };
    if (input.submitSftp) delivery.sftp = { ok: false, message: loaded, remotePath: null };
  } else {
    const [email, sftp] = await Promise.all([
      input.sendEmail
        ? emailRunFile(context, loaded).catch(
            (error: unknown): EmailDelivery => ({
              ok: false,
              message: `The e-mail could not be sent: ${errorMessage(error)}`,
              recipients: [],
            }),
          )
        : undefined,
      input.submitSftp
        ? uploadRunFile(context, loaded).catch(
            (error: unknown): SftpDelivery => ({
              ok: false,
              message: `The SFTP upload failed: ${errorMessage(error)}`,
              remotePath: null,
            }),
          )
        : undefined,
    ]);
    if (email) delivery.email = email;
    if (sftp) delivery.sftp = sftp;
  }
  // The outcome is what the caller needs; failing to note it in the history must not turn it into an error.
  await recordDelivery(context.db, input.runId, delivery).catch(() => undefined);
  return delivery;
}

async function loadDeliverableRun(
  db: DbOrTx,
  input: DeliverInventoryRunInput,
): Promise<DeliverableRun | string> {
  const run = await getRun(db, input.runId);
  if (!run) return `Run #${input.runId} was not found`;
  if (run.sourceType !== 'inventory' || run.sourceId !== input.sourceId) {
    return `Run #${input.runId} does not belong to inventory source #${input.sourceId}`;
  }
  if (run.outputFileId === null) {
    return `Run #${input.runId} has no output file to deliver (none was produced, or it was deleted after the retention period)`;
  }
  const file = await readStoredFile(db, run.outputFileId);
  if (!file) return `The output file of run #${input.runId} was deleted after the retention period`;
  const source = await findLiveInventorySource(db, input.sourceId);
  if (!source) return `The inventory source #${input.sourceId} no longer exists`;
  return {
    run,
    source,
    // Cleaned here too, for a file stored before names were cleaned on the way in: the name is the
    // attachment's, the SFTP file's and the mail body's.
    file: {
      fileName: cleanFileName(file.fileName, 'inventory'),
      contentType: file.contentType,
      content: file.content,
    },
  };
}

async function emailRunFile(
  context: AppContext,
  { run, source, file }: DeliverableRun,
): Promise<EmailDelivery> {
  const recipients = await inventoryRecipients(context.db);
  const fail = (message: string): EmailDelivery => ({ ok: false, message, recipients });
  if (recipients.length === 0) return fail(NO_RECIPIENTS_MESSAGE);
  const emailSource =
    source.emailSourceId === null ? undefined : await findEmailSourceById(context.db, source.emailSourceId);
  if (!emailSource)
    return fail(`The inventory source "${source.sourceName}" has no e-mail source to send from`);
  const sent = await sendFromEmailSource(context, emailSource, {
    to: recipients,
    subject: deliverySubject(source.sourceName, run.finishedAt ?? run.startedAt),
    text: deliveryBody(source.sourceName, run, file.fileName),
    attachments: [{ filename: file.fileName, content: file.content, contentType: file.contentType }],
  });
  if (!sent.ok) return fail(sent.message);
  return { ok: true, message: `Sent "${file.fileName}" to ${recipients.join(', ')}`, recipients };
}

async function uploadRunFile(context: AppContext, { source, file }: DeliverableRun): Promise<SftpDelivery> {
  const resolved = sourceSftpSettings(source, context.secrets, context.config);
  if (!resolved.ok) return { ok: false, message: resolved.message, remotePath: null };
  const { settings } = resolved;
  const folder = normaliseFolder(source.sftpOutboundFolder);
  if (
    source.sftpServerAddress.trim() !== '' &&
    folder === normaliseFolder(source.sftpInboundFolder) &&
    inboundFileMatches(source, file.fileName)
  ) {
    // SFTP intake would read it back as the next supplier file.
    return {
      ok: false,
      message: `Not uploaded: the SFTP outbound folder is the inbound folder and "${file.fileName}" matches the inbound file name "${source.attachmentName}", so it would be read back as a supplier file. Set a different outbound folder.`,
      remotePath: null,
    };
  }
  try {
    const remotePath = await withSourceSftp(context.db, source, settings, (session) =>
      uploadFile(session, folder, file.fileName, file.content),
    );
    return {
      ok: true,
      message: `Uploaded "${file.fileName}" to ${settings.host}:${settings.port} as ${remotePath}`,
      remotePath,
    };
  } catch (error) {
    if (error instanceof SftpFailure) return { ok: false, message: error.message, remotePath: null };
    throw error;
  }
}

/** '<source name>: inventory availability file 2025-06-01' (the run's date, UTC). */
export function deliverySubject(sourceName: string, at: Date): string {
  return `${sourceName}: inventory availability file ${at.toISOString().slice(0, 10)}`;
}

const COUNT_LABELS: Record<string, string> = {
  processed: 'Total processed',
  processedCount: 'Total processed',
  total: 'Total processed',
  active: 'Active items',
  activeCount: 'Active items',
  inactive: 'Inactive items',
  inactiveCount: 'Inactive items',
  missing: 'Missing from the supplier file',
  missingCount: 'Missing from the supplier file',
};

function countLabel(key: string): string {
  const known = COUNT_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/Count$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function deliveryBody(sourceName: string, run: DeliverableRun['run'], fileName: string): string {
  const details = (run.details ?? {}) as RunDetails;
  const counts = Object.entries(details.counts ?? {}).filter(([, value]) => typeof value === 'number');
  const trigger = RUN_TRIGGER_LABELS[run.trigger as RunTrigger] ?? run.trigger;
  const lines = [
    `The inventory availability file of "${sourceName}" is attached (${fileName}).`,
    '',
    `Run #${run.id} (${trigger}${run.fileName ? `, from ${run.fileName}` : ''}), ${(run.finishedAt ?? run.startedAt).toISOString()}.`,
  ];
  if (counts.length > 0) {
    lines.push('', ...counts.map(([key, value]) => `${countLabel(key)}: ${value}`));
  }
  if (run.message) lines.push('', run.message);
  return `${lines.join('\n')}\n`;
}

/** Notes the outcome in the run's `details.delivery` (other keys are kept). */
async function recordDelivery(db: DbOrTx, runId: number, delivery: InventoryDelivery): Promise<void> {
  const record: RunDeliveryRecord = { ...delivery, at: new Date().toISOString() };
  // The outcome and the inventory.file-delivered webhook event (when a channel delivered) commit together.
  await db.transaction(async (tx) => {
    const run = await mergeRunDeliveryRecord(tx, runId, record);
    if (run && (delivery.email?.ok || delivery.sftp?.ok)) await emitInventoryFileDelivered(tx, run, delivery);
  });
}
