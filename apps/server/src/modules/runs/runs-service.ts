import {
  isSourceTypeId,
  type RunListResponse,
  type RunSourceType,
  type RunsDailyResponse,
  sourceTypeUserFlag,
  type TRunListQuery,
  type TRunsDailyQuery,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error';
import { lastDays, windowStart } from '../../lib/day-window';
import { hasFlag, type SessionUser, SOURCE_ACCESS, type UserFlag } from '../../plugins/session';
import { readStoredFile } from '../files/stored-files';
import { findNotificationSettingRow } from '../notifications/repository';
import { dailyRunOutcomes } from './daily-repository';
import { getRun, listRuns, type RunRow } from './repository';

/** Who may see a run, by its source type: the Sources hub rules (docs/behaviour/accounts-and-sign-in.md#roles-and-flags) of the source it belongs to. */
const RUN_ACCESS: Record<RunSourceType, readonly UserFlag[]> = {
  'order-tracking': SOURCE_ACCESS.order.anyFlag,
  inventory: SOURCE_ACCESS.inventory.anyFlag,
  email: SOURCE_ACCESS.anySource.anyFlag,
  'order-submission': SOURCE_ACCESS.submission.anyFlag,
  vendor: SOURCE_ACCESS.submission.anyFlag,
  notification: SOURCE_ACCESS.anySource.anyFlag,
};

const RUN_ACCESS_DENIED = 'Your account does not have access to the runs of this source';

export function assertRunAccess(user: SessionUser, sourceType: string): void {
  const flags = RUN_ACCESS[sourceType as RunSourceType];
  if (!flags?.some((flag) => hasFlag(user, flag))) throw AppError.forbidden(RUN_ACCESS_DENIED);
}

/**
 * The runs of a notification setting (its digests: recipients, subjects, outcome) follow the setting's own
 * source type, like the setting itself; those of a setting deleted since are left to admins.
 */
async function assertSourceRunAccess(
  db: DbOrTx,
  user: SessionUser,
  sourceType: string,
  sourceId: number | null,
): Promise<void> {
  assertRunAccess(user, sourceType);
  if (sourceType !== 'notification' || user.isAdmin) return;
  const setting = sourceId === null ? undefined : await findNotificationSettingRow(db, sourceId);
  const typeId = setting?.sourceTypeId;
  if (!isSourceTypeId(typeId) || !hasFlag(user, sourceTypeUserFlag(typeId))) {
    throw AppError.forbidden(RUN_ACCESS_DENIED);
  }
}

export async function listRunsOf(
  db: DbOrTx,
  user: SessionUser,
  query: TRunListQuery,
): Promise<RunListResponse> {
  await assertSourceRunAccess(db, user, query.sourceType, query.sourceId);
  return listRuns(db, {
    sourceType: query.sourceType,
    sourceId: query.sourceId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
}

/** The runs chart of a source's history: every day of the window, a day without runs as zeros. */
export async function dailyRunsOf(
  db: DbOrTx,
  user: SessionUser,
  query: TRunsDailyQuery,
  clock: { now: Date; timeZone: string },
): Promise<RunsDailyResponse> {
  await assertSourceRunAccess(db, user, query.sourceType, query.sourceId);
  const rows = await dailyRunOutcomes(db, {
    sourceType: query.sourceType,
    sourceId: query.sourceId,
    from: windowStart(clock.now, query.days),
    timeZone: clock.timeZone,
  });
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return {
    timeZone: clock.timeZone,
    days: lastDays(clock.now, query.days, clock.timeZone).map(
      (date) =>
        byDate.get(date) ?? {
          date,
          succeeded: 0,
          failed: 0,
          held: 0,
          maxDurationMs: null,
          medianDurationMs: null,
        },
    ),
  };
}

/** The run, if the caller may see it: 404 for an unknown run, 403 for a run of a source type not theirs. */
export async function getRunFor(db: DbOrTx, user: SessionUser, runId: number): Promise<RunRow> {
  const row = await getRun(db, runId);
  if (!row) throw AppError.notFound('Run not found');
  await assertSourceRunAccess(db, user, row.sourceType, row.sourceId);
  return row;
}

/** The stored input or output file of a run; 404 when the run has none or retention deleted it. */
export async function getRunFile(db: DbOrTx, user: SessionUser, runId: number, which: 'input' | 'output') {
  const row = await getRunFor(db, user, runId);
  const fileId = which === 'input' ? row.inputFileId : row.outputFileId;
  const file = fileId === null ? undefined : await readStoredFile(db, fileId);
  if (!file) {
    throw AppError.notFound(
      which === 'input'
        ? 'This run has no stored input file (none was read, or it was deleted after the retention period)'
        : 'This run has no stored output file (none was produced, or it was deleted after the retention period)',
    );
  }
  return file;
}
