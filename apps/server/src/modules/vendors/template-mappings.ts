/**
 * On save, the vendor's column mappings are checked against its template's header row
 * (docs/behaviour/order-submission.md#vendor-editor) with the rule the submission engine writes by
 * (findTemplateColumn), so "Saved!" is not followed by submissions that fail on a column the template lacks.
 * Without a template the mappings are not used (the engine writes the order file's own columns), so nothing
 * is checked.
 */
import { STATIC_DATA_SLOTS, type TOrderVendorSource, VENDOR_MAP_FIELDS } from '@app/contracts';
import {
  findTemplateColumn,
  splitReferences,
  templateWidth,
} from '../order-submission/engine/template-columns';
import type { FieldErrors } from '../sources/source-rules';

export interface TemplateMappingProblems {
  /** One message per field: the header row index, a mapping, or a static value's column. */
  fields: FieldErrors;
  /** The save's message: what is wrong and what the header row holds. */
  summary: string;
}

const quoted = (cells: readonly string[]) =>
  cells
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '')
    .map((cell) => `"${cell}"`)
    .join(', ');

/** Null when every mapping names a column of the template's header row. */
export function checkTemplateMappings(
  rows: readonly (readonly string[])[],
  settings: TOrderVendorSource,
): TemplateMappingProblems | null {
  const headerRowIndex = settings.submitFileHeaderRowIndex;
  const rowNumber = headerRowIndex + 1;
  const header = rows[headerRowIndex] ?? [];
  if (header.every((cell) => cell.trim() === '')) {
    const message = `Row ${rowNumber} of the template is blank, so it cannot be the header row (the index counts from 0).`;
    return { fields: { submitFileHeaderRowIndex: message }, summary: message };
  }
  const width = templateWidth(rows);
  const headerText = `The template's header row (row ${rowNumber}) is: ${quoted(header)}.`;

  const fields: FieldErrors = {};
  const named: string[] = [];
  const check = (field: string, label: string, setting: string) => {
    const problems: string[] = [];
    for (const reference of splitReferences(setting)) {
      const found = findTemplateColumn(header, width, reference);
      if (found.kind === 'missing') problems.push(`No column "${reference}" in the template's header row.`);
      if (found.kind === 'ambiguous')
        problems.push(
          `"${reference}" matches several columns (${quoted(found.columns.map((c) => header[c] ?? ''))}); use the exact header text or the column letter.`,
        );
    }
    if (problems.length === 0) return;
    fields[field] = problems.join(' ');
    named.push(`${label} ("${setting.trim()}")`);
  };

  for (const { field, label } of VENDOR_MAP_FIELDS) check(field, label, settings[field]);
  for (const slot of STATIC_DATA_SLOTS) {
    const field = `mapStaticFileData${slot}` as const;
    const label = `Static Value ${slot} Column`;
    if (splitReferences(settings[field]).length > 0) check(field, label, settings[field]);
    else if (settings[`staticFileData${slot}`].trim() !== '') {
      // The engine refuses a static value with nowhere to go.
      fields[field] = `Static Value ${slot} needs a column to go in.`;
      named.push(`${label} (empty)`);
    }
  }
  if (named.length === 0) return null;
  return {
    fields,
    summary: `These mappings name no column of the template: ${named.join(', ')}. ${headerText} Name a column by its header text or by its letter (A, B, ...).`,
  };
}
