/**
 * The field diff of an audit entry (docs/behaviour/audit-log.md#what-an-entry-holds): pure, so the rules are
 * unit-tested apart from the database. A field whose value is the same before and after is left out; a
 * secret's change is the word "changed", never a value, not even a ciphertext or a hash.
 */
import { AUDIT_SECRET_CHANGED, type AuditChange } from '@app/contracts';

export type Snapshot = Record<string, unknown>;

/**
 * Columns the product keeps up to date by itself (timestamps, poll state, links to stored files): they
 * change on every save or poll and say nothing about what a user changed.
 */
export const SYSTEM_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'createdOn',
  'lastLogin',
  'lastPollAt',
  'lastPollSucceededAt',
  'lastPollError',
  'lastPollErrorAt',
  'lastGoodHeaders',
  'lastSubmittedAt',
  'lastNotificationSent',
  'nextRunAt',
  'deletedAt',
  'sftpHostKeyRecordedAt',
  'sftpHostKeyPresented',
  'sftpHostKeyPresentedAt',
  'sampleFileId',
  'submitFileTemplateId',
]);

export interface DiffOptions {
  /** Fields whose values are secret: recorded as "changed" when they differ. */
  secretFields?: readonly string[];
  /** Fields left out besides SYSTEM_FIELDS. */
  ignoreFields?: readonly string[];
}

/** Dates as ISO text, buffers by their bytes, objects by their JSON: what a jsonb column can hold and compare. */
function comparable(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(comparable);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, comparable(inner)]);
    return Object.fromEntries(entries);
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * A column that holds an object (a column mapping, a vendor's aliases by name) becomes one field per key,
 * `columnMapping.trackingNumber`: a reader sees the one mapping that changed, not two whole objects.
 */
function flatten(snapshot: Snapshot | null, secrets: ReadonlySet<string>): Snapshot {
  const flat: Snapshot = {};
  for (const [field, value] of Object.entries(snapshot ?? {})) {
    if (isPlainObject(value) && !secrets.has(field)) {
      for (const [key, inner] of Object.entries(value)) flat[`${field}.${key}`] = inner;
    } else flat[field] = value;
  }
  return flat;
}

/** A secret is named for what the user typed: passwordHash and passwordEncrypted are both "password". */
function secretName(field: string): string {
  return field.replace(/(Hash|Encrypted)$/, '');
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** No value: null, blank text or an empty list. Empty to empty is no change (a creation's unset fields). */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/**
 * {field: {from, to}} for every field that differs between the two snapshots; a missing snapshot (creation,
 * deletion) counts as every field null, so a creation lists what was set and a deletion what was lost; a field
 * empty on both sides (null, blank, an empty list) is left out.
 */
export function diffSnapshots(
  before: Snapshot | null,
  after: Snapshot | null,
  options: DiffOptions = {},
): Record<string, AuditChange> {
  const secrets = new Set(options.secretFields ?? []);
  const ignored = new Set(options.ignoreFields ?? []);
  const flatBefore = flatten(before, secrets);
  const flatAfter = flatten(after, secrets);
  const fields = new Set([...Object.keys(flatBefore), ...Object.keys(flatAfter)]);
  const changes: Record<string, AuditChange> = {};
  for (const field of [...fields].sort()) {
    if (SYSTEM_FIELDS.has(field) || ignored.has(field)) continue;
    const from = comparable(flatBefore[field]);
    const to = comparable(flatAfter[field]);
    if (same(from, to) || (isEmpty(from) && isEmpty(to))) continue;
    if (secrets.has(field)) changes[secretName(field)] = AUDIT_SECRET_CHANGED;
    else changes[field] = { from, to };
  }
  return changes;
}
