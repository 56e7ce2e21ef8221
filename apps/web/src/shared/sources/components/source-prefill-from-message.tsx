import type { SuggestSourceRequest } from '@app/contracts';
import { MailOpen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useLocation } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import {
  type AppliedSuggestion,
  applySuggestion,
  initialChoices,
} from '@/shared/mapping-suggestions/lib/review';
import { prefilledMailRule, readSourcePrefill } from '@/shared/sources/lib/source-prefill';

/**
 * A new source's editor opened from a ledger message (docs/behaviour/mail-intake.md#create-a-source-from-a-message):
 * fills the mail rules and, through the editor's own apply (as "Suggest from a sample file" does), the
 * suggested mapping, once, as changes of the form — so leaving asks first and only Save stores anything —
 * and says where the values came from and, when there is no mapping, why.
 */
export function SourcePrefillFromMessage({
  kind,
  fields,
  applyMapping,
}: {
  kind: SuggestSourceRequest['kind'];
  fields: readonly string[];
  applyMapping: (applied: AppliedSuggestion) => void;
}) {
  const form = useFormContext();
  const location = useLocation();
  const [prefill] = useState(() => readSourcePrefill(location.state, kind));
  const applied = useRef(false);

  useEffect(() => {
    if (!prefill || applied.current) return;
    applied.current = true;
    for (const [name, value] of Object.entries(prefilledMailRule(prefill))) {
      form.setValue(name, value, { shouldDirty: true });
    }
    const mapping = prefill.mapping;
    if (mapping) applyMapping(applySuggestion(mapping, fields, initialChoices(mapping, fields)));
  }, [prefill, form, fields, applyMapping]);

  if (!prefill) return null;
  return (
    <Alert>
      <MailOpen aria-hidden />
      <AlertTitle>Pre-filled from a message</AlertTitle>
      <AlertDescription>
        <p>
          The sender, subject, attachment name and file type come from the message's attachment "
          {prefill.fileName}"
          {prefill.mapping ? ', and the column mappings were suggested from its columns' : ''}. Check them,
          name the source and press Save: nothing is stored before.
        </p>
        {prefill.mappingNote ? <p>{prefill.mappingNote}</p> : null}
      </AlertDescription>
    </Alert>
  );
}
