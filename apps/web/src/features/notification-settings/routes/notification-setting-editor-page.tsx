import {
  NOTIFICATION_MESSAGES,
  type NotificationSetting,
  type TNotificationSetting,
  ZNotificationSettingSchema,
} from '@app/contracts';
import { Loader2, Send } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { FormKit } from '@/components/form/bound-fields';
import { serverMessage } from '@/components/form/editor-save';
import { useEditorSaveState, useEditorSubmit } from '@/components/form/use-editor-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useLogError } from '@/hooks/use-log-error';
import { HistoryButton } from '@/shared/audit/components/history-button';
import {
  EditorHeader,
  editorContent,
  parseSourceId,
  SaveMessages,
} from '@/shared/sources/components/source-editor-parts';
import {
  NOTIFICATION_SETTINGS_PATH,
  useNotificationSetting,
  useSaveNotificationSetting,
} from '../api/notification-settings';
import { EmailConfigurationCard } from '../components/email-configuration-card';
import {
  BasicSettingsCard,
  ContentSettingsCard,
  EmailSettingsCard,
  idOf,
  ScheduleSettingsCard,
} from '../components/notification-setting-cards';
import { TEST_LABELS, TestNotificationMessage, useTestNotification } from '../components/test-notification';
import {
  chosenSourceType,
  NEW_NOTIFICATION_SETTING,
  type NotificationFormValues,
  toNotificationFormValues,
  toNotificationSaveBody,
} from '../lib/notification-setting-form';

const M = NOTIFICATION_MESSAGES;
/** docs/behaviour/notifications.md#setting-editor: after a successful save the editor goes to the list after 1 s. */
const REDIRECT_AFTER_SAVE_MS = 1000;
const SAVE_RESET_MS = 3000;
const SAVED = 'Notification setting saved';

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
  const sourceTypeText = useWatch({ control: form.control, name: 'sourceTypeId' });
  const sourceTypeId = chosenSourceType(sourceTypeText);
  const test = useTestNotification(initial.id, isDirty);
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

  const saving = state.saving || state.outcome.success !== null;

  return (
    <FormKit form={form} idOf={idOf} onSubmit={onSubmit} className="space-y-6">
      <UnsavedChangesGuard control={form.control} />
      <div className="grid gap-6 lg:grid-cols-2">
        <BasicSettingsCard loaded={loaded} sourceTypeId={sourceTypeId} />
        <ScheduleSettingsCard loaded={loaded} />
        <ContentSettingsCard sourceTypeId={sourceTypeId} />
        <EmailSettingsCard />

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
