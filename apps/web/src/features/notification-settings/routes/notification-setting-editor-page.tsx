import {
  DAY_OF_WEEK_LABELS,
  DAYS_OF_WEEK,
  NOTIFICATION_INTERVAL_LABELS,
  NOTIFICATION_INTERVALS,
  NOTIFICATION_MESSAGES,
  type NotificationSetting,
  SOURCE_TYPE,
  type TNotificationSetting,
  ZNotificationSettingSchema,
} from '@app/contracts';
import { Info, Loader2, Send } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { FormKit, fieldsFor } from '@/components/form/bound-fields';
import { serverMessage } from '@/components/form/editor-save';
import { describedBy, fieldError } from '@/components/form/field-props';
import { FormField, type SelectOption } from '@/components/form/form-field';
import { FormSection } from '@/components/form/form-section';
import { useEditorSaveState, useEditorSubmit } from '@/components/form/use-editor-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useLogError } from '@/hooks/use-log-error';
import { formatDateTime } from '@/lib/format';
import { HistoryButton } from '@/shared/audit/components/history-button';
import { usePermissions } from '@/shared/auth/api/session';
import {
  EditorHeader,
  editorContent,
  LoadErrorBanner,
  parseSourceId,
  SaveMessages,
} from '@/shared/sources/components/source-editor-parts';
import {
  NOTIFICATION_SETTINGS_PATH,
  useNotificationSetting,
  useNotificationSourceOptions,
  useSaveNotificationSetting,
} from '../api/notification-settings';
import { CronExpressionStatus } from '../components/cron-expression-status';
import { EmailConfigurationCard } from '../components/email-configuration-card';
import { IncludedSourcesPicker } from '../components/included-sources-picker';
import { TEST_LABELS, TestNotificationMessage, useTestNotification } from '../components/test-notification';
import {
  chosenSourceType,
  type IncludeField,
  NEW_NOTIFICATION_SETTING,
  type NotificationFormValues,
  toNotificationFormValues,
  toNotificationSaveBody,
} from '../lib/notification-setting-form';
import { notificationSourceTypeOptions } from '../lib/source-types';

const M = NOTIFICATION_MESSAGES;
/** docs/behaviour/notifications.md#setting-editor: after a successful save the editor goes to the list after 1 s. */
const REDIRECT_AFTER_SAVE_MS = 1000;
const SAVE_RESET_MS = 3000;
const SAVED = 'Notification setting saved';

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

export function NotificationSettingEditorPage() {
  const settingId = parseSourceId(useParams().settingId);
  const isCreate = settingId === 0;
  const setting = useNotificationSetting(settingId ?? 0, { enabled: settingId !== null && settingId > 0 });

  useLogError(setting.error, 'Error fetching notification setting:');

  const content = editorContent({
    id: settingId,
    record: setting,
    loadFailed: M.loadFailed,
    cards: 4,
    form: (loaded) => (
      <NotificationSettingForm
        key={settingId}
        initial={loaded ? toNotificationFormValues(loaded) : NEW_NOTIFICATION_SETTING}
        loaded={loaded}
      />
    ),
  });

  return (
    <div className="space-y-6">
      <EditorHeader
        title={isCreate ? 'Create Notification Setting' : 'Edit Notification Setting'}
        subtitle="Scheduled summary e-mails about the activity of a source type."
        backTo={NOTIFICATION_SETTINGS_PATH}
        backLabel="Back to Notification Settings"
        actions={
          !isCreate &&
          settingId !== null &&
          setting.data && <HistoryButton entityType="notification-setting" entityId={settingId} />
        }
      />
      {content}
    </div>
  );
}

const { TextField, SwitchField, SelectField } = fieldsFor<NotificationFormValues>();
const idOf = (name: string) => `ns-${name}`;

function NotificationSettingForm({
  initial,
  loaded,
}: {
  initial: NotificationFormValues;
  loaded: NotificationSetting | undefined;
}) {
  const navigate = useNavigate();
  const saveSetting = useSaveNotificationSetting();
  const state = useEditorSaveState(SAVE_RESET_MS);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const form = useZodForm(ZNotificationSettingSchema, { defaultValues: initial });
  const { isDirty } = form.formState;
  const [sourceTypeText, interval, cronExpression] = useWatch({
    control: form.control,
    name: ['sourceTypeId', 'notificationInterval', 'cronExpression'],
  });
  const sourceTypeId = chosenSourceType(sourceTypeText);
  const sourceOptions = useNotificationSourceOptions(sourceTypeId);
  useLogError(sourceOptions.error, 'Error fetching notification source options:');
  const test = useTestNotification(initial.id, isDirty);
  const sourceTypeOptions = notificationSourceTypeOptions(usePermissions());

  // A loaded setting's own names for its ids, for sources the picker no longer lists (deleted meanwhile).
  const knownNames = useMemo(
    () => new Map((loaded?.sourceIds ?? []).map((id, index) => [id, loaded?.sourceName?.[index] ?? ''])),
    [loaded],
  );

  const onSubmit = useEditorSubmit<NotificationFormValues, TNotificationSetting, NotificationSetting>(
    form,
    state,
    {
      save: (values) => saveSetting.mutateAsync(toNotificationSaveBody(values)),
      logLabel: 'Error saving notification setting:',
      failureMessage: (error) => serverMessage(error) ?? M.saveFailed,
      savedMessage: SAVED,
      onSaved: () => {
        // What is on screen is now stored: testing during the second before the list opens is allowed.
        form.reset(form.getValues());
        redirect.current = setTimeout(
          () => navigate(NOTIFICATION_SETTINGS_PATH, { replace: true }),
          REDIRECT_AFTER_SAVE_MS,
        );
      },
    },
  );

  const errorOf = (name: 'sourceIds') => fieldError(form.formState.errors, name);

  const sourcesHint =
    sourceTypeId === null
      ? 'Choose a source type first.'
      : 'Leave empty to include all sources of this type.';
  const saving = state.saving || state.outcome.success !== null;

  return (
    <FormKit form={form} idOf={idOf} onSubmit={onSubmit} className="space-y-6">
      <UnsavedChangesGuard control={form.control} />
      <div className="grid gap-6 lg:grid-cols-2">
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

        <EmailConfigurationCard className="lg:col-span-2" />
      </div>

      <SaveMessages success={state.outcome.success} error={state.outcome.error} />
      <TestNotificationMessage state={test.state} onDismiss={test.dismiss} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={NOTIFICATION_SETTINGS_PATH}>Cancel</Link>
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={test.state.kind === 'sending'}
          onClick={() => void test.run()}
        >
          {test.state.kind === 'sending' ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <Send aria-hidden />
          )}
          {TEST_LABELS[test.state.kind]}
        </Button>
        <Button type="submit" className="sm:min-w-36" disabled={saving}>
          {state.button.label}
        </Button>
      </div>
    </FormKit>
  );
}
