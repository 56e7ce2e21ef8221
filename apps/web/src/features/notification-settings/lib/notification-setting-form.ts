/**
 * The notification setting editor's form values: what the inputs hold, how a loaded setting and the spec's
 * defaults fill them, how they are validated (the contract's schema) and what a save sends (docs/behaviour/notifications.md#setting-editor).
 */
import {
  isSourceTypeId,
  NOTIFICATION_DEFAULTS,
  type NotificationSetting,
  type SourceTypeId,
  type TNotificationSetting,
} from '@app/contracts';
import { numberText } from '@/shared/sources/components/source-editor-parts';

export const INCLUDE_FIELDS = [
  'includeStatusChanges',
  'includeQuantityChanges',
  'includeZeroQuantityAlerts',
  'includeDailyBreakdown',
  'includeItemDetails',
  'includeErrorAlerts',
  'includeSuccessAlerts',
] as const;
export type IncludeField = (typeof INCLUDE_FIELDS)[number];

/** Selects hold text ('' = nothing chosen); the included sources are ids of sources of the chosen type. */
export interface NotificationFormValues extends Record<IncludeField, boolean> {
  id: number;
  name: string;
  sourceTypeId: string;
  sourceIds: number[];
  notificationEnabled: boolean;
  notificationInterval: string;
  notificationDayOfWeek: string;
  cronExpression: string;
  overrideEmailRecipients: string;
  emailSubjectPrefix: string;
  consolidatedEmail: boolean;
}

const D = NOTIFICATION_DEFAULTS;

/** The defaults (docs/behaviour/notifications.md#defaults): Weekly (on Monday, so the day it needs is set), disabled, zero-quantity alerts off. */
export const NEW_NOTIFICATION_SETTING: NotificationFormValues = {
  id: 0,
  name: '',
  sourceTypeId: '',
  sourceIds: [],
  notificationEnabled: D.notificationEnabled,
  notificationInterval: D.notificationInterval,
  notificationDayOfWeek: numberText(D.notificationDayOfWeek),
  cronExpression: D.cronExpression,
  includeStatusChanges: D.includeStatusChanges,
  includeQuantityChanges: D.includeQuantityChanges,
  includeZeroQuantityAlerts: D.includeZeroQuantityAlerts,
  includeDailyBreakdown: D.includeDailyBreakdown,
  includeItemDetails: D.includeItemDetails,
  includeErrorAlerts: D.includeErrorAlerts,
  includeSuccessAlerts: D.includeSuccessAlerts,
  overrideEmailRecipients: D.overrideEmailRecipients,
  emailSubjectPrefix: D.emailSubjectPrefix,
  consolidatedEmail: D.consolidatedEmail,
};

export function toNotificationFormValues(setting: NotificationSetting): NotificationFormValues {
  return {
    id: setting.id,
    name: setting.name ?? '',
    sourceTypeId: numberText(setting.sourceTypeId),
    sourceIds: [...(setting.sourceIds ?? [])],
    notificationEnabled: Boolean(setting.notificationEnabled),
    notificationInterval: setting.notificationInterval ?? '',
    // The old system stored 0 for "any day": the select shows nothing chosen.
    notificationDayOfWeek: setting.notificationDayOfWeek ? String(setting.notificationDayOfWeek) : '',
    cronExpression: setting.cronExpression ?? '',
    includeStatusChanges: Boolean(setting.includeStatusChanges),
    includeQuantityChanges: Boolean(setting.includeQuantityChanges),
    includeZeroQuantityAlerts: Boolean(setting.includeZeroQuantityAlerts),
    includeDailyBreakdown: Boolean(setting.includeDailyBreakdown),
    includeItemDetails: Boolean(setting.includeItemDetails),
    includeErrorAlerts: Boolean(setting.includeErrorAlerts),
    includeSuccessAlerts: Boolean(setting.includeSuccessAlerts),
    overrideEmailRecipients: setting.overrideEmailRecipients ?? '',
    emailSubjectPrefix: setting.emailSubjectPrefix ?? '',
    consolidatedEmail: Boolean(setting.consolidatedEmail),
  };
}

/** The chosen source type as its id, or null while none (or an unknown one) is chosen. */
export function chosenSourceType(text: string): SourceTypeId | null {
  const id = Number(text);
  return text !== '' && isSourceTypeId(id) ? id : null;
}

/**
 * The save body: the parsed form, with the day of week only for Weekly and the cron expression only for
 * Custom (docs/behaviour/notifications.md#setting-editor: the day is an integer or null). The included sources go by id; the names the server
 * answers with are read-only, as are the source type's label and the last send time.
 */
export function toNotificationSaveBody(values: TNotificationSetting): TNotificationSetting {
  const { sourceName: _names, sourceType: _type, lastNotificationSent: _lastSent, ...rest } = values;
  return {
    ...rest,
    sourceName: [],
    notificationDayOfWeek: values.notificationInterval === 'Weekly' ? values.notificationDayOfWeek : null,
    cronExpression: values.notificationInterval === 'Custom' ? values.cronExpression : '',
  };
}
