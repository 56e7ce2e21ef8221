/**
 * What a digest reports (docs/behaviour/notifications.md#digest-content): the sources a setting covers and
 * their activity within the window, read by digest-repository.ts and added up by digest-activity.ts.
 */
import { SOURCE_TYPE_RUN_SOURCE, type SourceTypeId } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { type ShipmentActivity, shipmentActivity } from '../tracking-numbers/repository';
import {
  DIGEST_CAPS,
  type DigestActivity,
  type DigestSource,
  type DigestWindow,
  digestActivityOf,
} from './digest-activity';
import {
  listDigestRunsInWindow,
  listHeldDigestRuns,
  listInventoryItemChanges,
  listSourceIdsWithRunsIn,
  listUnmatchedMail,
} from './digest-repository';
import { findSources } from './repository';

/**
 * The sources a setting covers: the listed ones that still exist (in the setting's order), or — when none
 * are listed — every live source of the type that is switched on or has runs within the window.
 */
export async function digestSources(
  db: DbOrTx,
  sourceTypeId: SourceTypeId,
  sourceIds: readonly number[],
  window: DigestWindow,
): Promise<DigestSource[]> {
  if (sourceIds.length > 0) {
    const found = new Map(
      (await findSources(db, sourceTypeId, [...sourceIds]))
        .filter((source) => !source.deleted)
        .map((source) => [source.id, source]),
    );
    return sourceIds.flatMap((id) => {
      const source = found.get(id);
      return source ? [{ id: source.id, name: source.name, activeStatus: source.activeStatus }] : [];
    });
  }
  const withRuns = await listSourceIdsWithRunsIn(db, SOURCE_TYPE_RUN_SOURCE[sourceTypeId], window);
  return (await findSources(db, sourceTypeId))
    .filter((source) => source.activeStatus || withRuns.has(source.id))
    .map(({ id, name, activeStatus }) => ({ id, name, activeStatus }));
}

/** Everything a digest of these sources can show; the sections the setting switched off are dropped later. */
export async function collectDigestActivity(
  db: DbOrTx,
  input: {
    sourceTypeId: SourceTypeId;
    sources: DigestSource[];
    window: DigestWindow;
    timeZone: string;
  },
): Promise<DigestActivity> {
  const { sourceTypeId, sources, window, timeZone } = input;
  const runSourceType = SOURCE_TYPE_RUN_SOURCE[sourceTypeId];
  const ids = sources.map((source) => source.id);
  if (ids.length === 0) return { sourceTypeId, runSourceType, window, timeZone, sources: [] };

  const [windowRuns, heldRuns, itemRows, unmatchedMail] = await Promise.all([
    listDigestRunsInWindow(db, runSourceType, ids, window),
    listHeldDigestRuns(db, runSourceType, ids),
    sourceTypeId === 1 ? listInventoryItemChanges(db, ids, window) : Promise.resolve([]),
    // Vendors read no mail.
    sourceTypeId === 4 ? Promise.resolve([]) : listUnmatchedMail(db, runSourceType, ids, window),
  ]);
  const shipments =
    sourceTypeId === 3
      ? await shipmentActivity(db, ids, window, DIGEST_CAPS.runs)
      : new Map<number, ShipmentActivity>();
  return digestActivityOf(
    { ...input, runSourceType },
    { windowRuns, heldRuns, itemRows, shipments, unmatchedMail },
  );
}
