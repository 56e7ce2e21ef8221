import {
  type TWebhookForm,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SECRET_MIN_LENGTH,
  ZWebhookFormSchema,
} from '@app/contracts';
import { Controller } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { FormKit, fieldsFor } from '@/components/form/bound-fields';
import { FormSection } from '@/components/form/form-section';
import { useZodForm } from '@/components/form/use-zod-form';
import { FieldError } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { ApiError, describeError } from '@/lib/api-client';
import { HistoryButton } from '@/shared/audit/components/history-button';
import { EditorHeader, editorContent, parseSourceId } from '@/shared/sources/components/source-editor-parts';
import { NEW_WEBHOOK_FORM, toWebhookForm, useSaveWebhook, useWebhook, WEBHOOKS_PATH } from '../api/webhooks';
import { DeliveryLog } from '../components/delivery-log';

const { TextField, PasswordField, SwitchField } = fieldsFor<TWebhookForm>();
const idOf = (name: string) => `webhook-${name}`;

/** One endpoint: URL, events, signing secret (write-only once saved), active; then its delivery log. */
export function WebhookEditorPage() {
  const id = parseSourceId(useParams().webhookId);
  const endpoint = useWebhook(id ?? 0, { enabled: id !== null && id > 0 });
  return (
    <div className="space-y-6">
      <EditorHeader
        title={id === 0 ? 'Add Webhook' : 'Edit Webhook'}
        backTo={WEBHOOKS_PATH}
        backLabel="Back to Webhooks"
      />
      {endpoint.data && (
        <div className="flex flex-wrap gap-2">
          <HistoryButton entityType="webhook" entityId={endpoint.data.id} />
        </div>
      )}
      {editorContent({
        id,
        record: endpoint,
        loadFailed: 'The webhook could not be loaded.',
        cards: 1,
        form: (loaded) =>
          loaded ? (
            <>
              <WebhookForm key={loaded.id} id={loaded.id} initial={toWebhookForm(loaded)} />
              <DeliveryLog endpointId={loaded.id} />
            </>
          ) : (
            <WebhookForm key="new" id={0} initial={NEW_WEBHOOK_FORM} />
          ),
      })}
    </div>
  );
}

function WebhookForm({ id, initial }: { id: number; initial: TWebhookForm }) {
  const navigate = useNavigate();
  const save = useSaveWebhook();
  const form = useZodForm(ZWebhookFormSchema, { defaultValues: initial });
  const isCreate = id === 0;

  const onSubmit = form.handleSubmit(async (values) => {
    if (isCreate && !values.secret) {
      form.setError('secret', { message: 'Enter the signing secret' });
      return;
    }
    try {
      const savedId = await save.mutateAsync({ id, values });
      toast.success('Webhook saved');
      form.reset({ ...values, secret: '' });
      if (isCreate) navigate(`${WEBHOOKS_PATH}/edit/${savedId}`, { replace: true });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const [field, message] of Object.entries(fields ?? {})) {
        const name = field.split('.')[0] as keyof TWebhookForm;
        if (name in NEW_WEBHOOK_FORM) form.setError(name, { message });
      }
      toast.error(describeError(error, 'The webhook could not be saved.'));
    }
  });

  return (
    <FormKit form={form} idOf={idOf} onSubmit={onSubmit} className="space-y-6">
      <UnsavedChangesGuard control={form.control} />
      <FormSection
        title="Endpoint"
        description="Each event is POSTed as JSON to this URL, signed with the secret in the X-Inbox-Ops-Signature header."
        contentClassName="grid gap-4"
      >
        <TextField
          name="url"
          label="URL"
          type="url"
          placeholder="https://example.com/hooks/inbox-ops"
          required
        />
        <PasswordField
          name="secret"
          label="Signing secret"
          hint={
            isCreate
              ? `At least ${WEBHOOK_SECRET_MIN_LENGTH} characters; your receiver verifies signatures with it.`
              : 'Saved. Leave empty to keep it, or type a new one to replace it.'
          }
          required={isCreate}
        />
        <SwitchField
          name="active"
          label="Active"
          description="Inactive endpoints receive only test events."
        />
      </FormSection>
      <FormSection title="Events" description="What this endpoint is sent.">
        <Controller
          control={form.control}
          name="events"
          render={({ field, fieldState }) => (
            <fieldset aria-describedby="webhook-events-error" className="grid gap-3 sm:grid-cols-2">
              <legend className="sr-only">Events</legend>
              {WEBHOOK_EVENT_TYPES.map((event) => {
                const checkboxId = `webhook-event-${event}`;
                const checked = field.value.includes(event);
                return (
                  <div key={event} className="flex items-center gap-2">
                    <Checkbox
                      id={checkboxId}
                      checked={checked}
                      onCheckedChange={(next) =>
                        field.onChange(
                          next ? [...field.value, event] : field.value.filter((value) => value !== event),
                        )
                      }
                    />
                    <Label htmlFor={checkboxId}>{WEBHOOK_EVENT_LABELS[event]}</Label>
                  </div>
                );
              })}
              <FieldError id="webhook-events-error" message={fieldState.error?.message} />
            </fieldset>
          )}
        />
      </FormSection>
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Save
        </Button>
      </div>
    </FormKit>
  );
}
