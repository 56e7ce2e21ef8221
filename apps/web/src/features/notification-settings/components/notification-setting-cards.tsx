/**
 * The notification setting editor's cards (docs/behaviour/notifications.md#setting-editor), each reading the
 * editor's form from the <FormKit> around it. `idOf` is the editor's rule for element ids.
 */
import {
  DAY_OF_WEEK_LABELS,
  DAYS_OF_WEEK,
  NOTIFICATION_INTERVAL_LABELS,
  NOTIFICATION_INTERVALS,
  type NotificationSetting,
  SOURCE_TYPE,
  type SourceTypeId,
  type TNotificationSetting,
} from '@app/contracts';
import { Info } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { fieldsFor } from '@/components/form/bound-fields';
import { describedBy, fieldError } from '@/components/form/field-props';
import { FormField, type SelectOption } from '@/components/form/form-field';
import { FormSection } from '@/components/form/form-section';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useLogError } from '@/hooks/use-log-error';
import { usePermissions } from '@/shared/auth/api/session';
import { formatDateTime } from '@/shared/format/dates';
import { LoadErrorBanner } from '@/shared/sources/components/source-editor-parts';
import { useNotificationSourceOptions } from '../api/notification-settings';
import type { IncludeField, NotificationFormValues } from '../lib/notification-setting-form';
import { notificationSourceTypeOptions } from '../lib/source-types';
import { CronExpressionStatus } from './cron-expression-status';
import { IncludedSourcesPicker } from './included-sources-picker';

const INCLUDE_SWITCHES: [IncludeField, string, string][] = [
  ['includeStatusChanges', 'Include Status Changes', 'Items whose status changed.'],
  ['includeQuantityChanges', 'Include Quantity Changes', 'Items whose quantity changed.'],
  ['includeZeroQuantityAlerts', 'Include Zero Quantity Alerts', 'Items that dropped to zero.'],
  ['includeDailyBreakdown', 'Include Daily Breakdown', 'Activity day by day over the period.'],
  ['includeItemDetails', 'Include Item Details', 'The items themselves, not only the counts.'],
  ['includeErrorAlerts', 'Include Error Alerts', 'Runs that failed.'],
  ['includeSuccessAlerts', 'Include Success Alerts', 'Runs that succeeded.'],
];

const INTERVAL_OPTIONS: SelectOption[] = NOTIFICATION_INTERVALS.map((interval) => ({
  value: interval,
  label: NOTIFICATION_INTERVAL_LABELS[interval],
}));
const DAY_OPTIONS: SelectOption[] = DAYS_OF_WEEK.map((day) => ({
  value: String(day),
  label: DAY_OF_WEEK_LABELS[day],
}));

const INTERVAL_HINTS: Record<string, string> = {
  Daily: 'Sent every day.',
  Weekly: 'Sent once a week on the chosen day.',
  Monthly: 'Sent once a month.',
  Custom: 'Sent on the schedule of a cron expression.',
  None: 'Never sent on a schedule; Test Notification still works.',
};

const { TextField, SwitchField, SelectField } = fieldsFor<NotificationFormValues>();
export const idOf = (name: string) => `ns-${name}`;
const useSettingForm = () => useFormContext<NotificationFormValues, unknown, TNotificationSetting>();

/** Name, source type, the included sources (of that type) and the on/off switch. */
export function BasicSettingsCard({
  loaded,
  sourceTypeId,
}: {
  loaded: NotificationSetting | undefined;
  sourceTypeId: SourceTypeId | null;
}) {
  const form = useSettingForm();
  const sourceOptions = useNotificationSourceOptions(sourceTypeId);
  useLogError(sourceOptions.error, 'Error fetching notification source options:');
  const sourceTypeOptions = notificationSourceTypeOptions(usePermissions());

  // A loaded setting's own names for its ids, for sources the picker no longer lists (deleted meanwhile).
  const knownNames = useMemo(
    () => new Map((loaded?.sourceIds ?? []).map((id, index) => [id, loaded?.sourceName?.[index] ?? ''])),
    [loaded],
  );

  const errorOf = (name: 'sourceIds') => fieldError(form.formState.errors, name);

  const sourcesHint =
    sourceTypeId === null
      ? 'Choose a source type first.'
      : 'Leave empty to include all sources of this type.';
  return (
    <FormSection
      title="Basic Settings"
      description="What the notification is about."
      contentClassName="grid gap-4"
    >
      <TextField name="name" label="Notification Name" />
      <SelectField
        name="sourceTypeId"
        label="Source Type"
        options={sourceTypeOptions}
        placeholder="Select a source type"
        // The included sources are sources of the previous type: they do not carry over.
        onChanged={() => form.setValue('sourceIds', [], { shouldDirty: true })}
      />
      <FormField
        id={idOf('sourceIds')}
        label="Included Sources"
        hint={sourcesHint}
        error={errorOf('sourceIds')}
      >
        <Controller
          control={form.control}
          name="sourceIds"
          render={({ field }) => (
            <IncludedSourcesPicker
              id={idOf('sourceIds')}
              value={field.value}
              onChange={field.onChange}
              options={sourceOptions.data}
              knownNames={knownNames}
              loading={sourceTypeId !== null && sourceOptions.isPending}
              disabled={sourceTypeId === null}
              describedBy={describedBy(idOf('sourceIds'), {
                hint: sourcesHint,
                error: errorOf('sourceIds'),
              })}
            />
          )}
        />
      </FormField>
      {sourceOptions.isError && (
        <LoadErrorBanner
          message="Failed to load the sources of this type"
          onRetry={() => void sourceOptions.refetch()}
        />
      )}
      <SwitchField
        name="notificationEnabled"
        label="Notification Enabled"
        description="Send this notification on its schedule."
      />
    </FormSection>
  );
}

export function ScheduleSettingsCard({ loaded }: { loaded: NotificationSetting | undefined }) {
  const { control } = useSettingForm();
  const [interval, cronExpression] = useWatch({ control, name: ['notificationInterval', 'cronExpression'] });
  return (
    <FormSection
      title="Schedule Settings"
      description="When the notification is sent."
      contentClassName="grid gap-4"
    >
      <SelectField
        name="notificationInterval"
        label="Notification Interval"
        options={INTERVAL_OPTIONS}
        placeholder="Select an interval"
        hint={INTERVAL_HINTS[interval]}
      />
      {interval === 'Weekly' && (
        <SelectField
          name="notificationDayOfWeek"
          label="Day of Week"
          options={DAY_OPTIONS}
          placeholder="Select a day"
        />
      )}
      {interval === 'Custom' && (
        <div className="grid gap-2">
          <TextField
            name="cronExpression"
            label="Cron Expression"
            placeholder="0 8 * * 1-5"
            hint="Five fields: minute hour day-of-month month day-of-week."
            describedByAlso={idOf('cronExpression-status')}
          />
          <CronExpressionStatus id={idOf('cronExpression-status')} expression={cronExpression} />
        </div>
      )}
      {loaded && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Last Sent</dt>
          <dd>{formatDateTime(loaded.lastNotificationSent) || 'Never'}</dd>
          {loaded.nextRunAt && (
            <>
              <dt className="text-muted-foreground">Next Scheduled</dt>
              <dd>{formatDateTime(loaded.nextRunAt)}</dd>
            </>
          )}
        </dl>
      )}
    </FormSection>
  );
}

export function ContentSettingsCard({ sourceTypeId }: { sourceTypeId: SourceTypeId | null }) {
  return (
    <FormSection
      title="Content Settings"
      description="What the e-mail reports."
      contentClassName="grid gap-3"
    >
      {sourceTypeId === SOURCE_TYPE.Inventory && (
        <Alert role="note">
          <Info aria-hidden />
          <AlertTitle>Inventory data source</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              <li>Daily notifications cover the last 24 hours.</li>
              <li>Weekly notifications cover the last 7 days.</li>
              <li>Monthly notifications cover the last 30 days.</li>
            </ul>
          </AlertDescription>
        </Alert>
      )}
      {INCLUDE_SWITCHES.map(([name, label, description]) => (
        <div key={name}>
          <SwitchField name={name} label={label} description={description} />
        </div>
      ))}
    </FormSection>
  );
}

export function EmailSettingsCard() {
  return (
    <FormSection
      title="Email Settings"
      description="Who receives the e-mail and how it looks."
      contentClassName="grid gap-4"
    >
      <TextField
        name="overrideEmailRecipients"
        label="Override Email Recipients"
        placeholder="ops@example.com, buyer@example.com"
        hint="Comma-separated addresses. Leave empty to send to the users of the source type."
      />
      <TextField name="emailSubjectPrefix" label="Email Subject Prefix" placeholder="[Inbox Ops]" />
      <SwitchField
        name="consolidatedEmail"
        label="Consolidated Email"
        description="One e-mail for all included sources instead of one per source."
      />
    </FormSection>
  );
}
