/**
 * A new source pre-filled from a ledger message (docs/behaviour/mail-intake.md#create-a-source-from-a-message):
 * the ledger asks the server for the prefill and opens the editor of a new source with it in the router's
 * state, so nothing is stored until the operator presses Save (a reload keeps the state, a new tab has none).
 */
import { type SourcePrefill, type SuggestSourceRequest, ZSourcePrefillSchema } from '@app/contracts';
import type { MailRuleFormValues } from './mail-rule-form';

export const NEW_SOURCE_PATHS: Record<SuggestSourceRequest['kind'], string> = {
  'order-tracking': '/order-tracking-sources/edit/0',
  inventory: '/inventory-sources/edit/0',
};

export interface SourcePrefillState {
  sourcePrefill: SourcePrefill;
}

export function sourcePrefillState(prefill: SourcePrefill): SourcePrefillState {
  return { sourcePrefill: prefill };
}

/** The prefill in a location's state, if it is one for this kind of source. */
export function readSourcePrefill(
  state: unknown,
  kind: SuggestSourceRequest['kind'],
): SourcePrefill | undefined {
  if (!state || typeof state !== 'object' || !('sourcePrefill' in state)) return undefined;
  const parsed = ZSourcePrefillSchema.safeParse(state.sourcePrefill);
  return parsed.success && parsed.data.kind === kind ? parsed.data : undefined;
}

/** The mail rule fields the prefill sets, as the form holds them. */
export function prefilledMailRule(
  prefill: SourcePrefill,
): Pick<
  MailRuleFormValues,
  'emailSourceId' | 'fromEmail' | 'subjectValue' | 'containsNotExact' | 'attachmentName' | 'fileType'
> {
  return {
    emailSourceId: String(prefill.emailSourceId),
    fromEmail: prefill.fromEmail,
    subjectValue: prefill.subjectValue,
    containsNotExact: prefill.containsNotExact,
    attachmentName: prefill.attachmentName,
    fileType: prefill.fileType,
  };
}
