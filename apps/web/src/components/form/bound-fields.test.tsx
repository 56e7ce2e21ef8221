import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormKit, fieldsFor } from './bound-fields';

interface Values {
  name: string;
  secret: string;
  notes: string;
  active: boolean;
  kind: string;
  nested: { code: string };
}

const { TextField, PasswordField, TextareaField, SwitchField, SelectField } = fieldsFor<Values>();

const DEFAULTS: Values = {
  name: 'Ann',
  secret: '',
  notes: 'a note',
  active: true,
  kind: 'b',
  nested: { code: '' },
};

/** The markup of fields inside a kit form, with the given errors already on the form (no DOM in these tests). */
function render(fields: ReactNode, errors: Record<string, string> = {}) {
  function Harness() {
    const form = useForm<Values>({ defaultValues: DEFAULTS });
    for (const [name, message] of Object.entries(errors)) {
      if (!form.getFieldState(name as never).error) form.setError(name as never, { type: 'server', message });
    }
    return (
      <FormKit
        form={form}
        idOf={(name) => `t-${name.replace('.', '-')}`}
        onSubmit={form.handleSubmit(() => {})}
      >
        {fields}
      </FormKit>
    );
  }
  return renderToStaticMarkup(<Harness />);
}

/** The opening tag of the element with this id. */
function tagWithId(html: string, id: string): string {
  const match = html.match(new RegExp(`<[a-z]+[^>]* id="${id}"[^>]*>`));
  if (!match) throw new Error(`no element with id ${id} in ${html}`);
  return match[0];
}

describe('the bound form fields', () => {
  it('wraps them in a form the browser does not validate', () => {
    expect(render(null)).toMatch(/^<form noValidate="">/);
  });

  it('a text field: label bound by id, registered by name, the hint described, no error', () => {
    const html = render(<TextField name="name" label="Source Name" hint="Shown on the list" required />);
    expect(html).toContain('<label data-slot="label"');
    expect(html).toMatch(/for="t-name"[^>]*>Source Name<\/label>/);
    const input = tagWithId(html, 't-name');
    expect(input).toContain('name="name"');
    expect(input).toContain('autoComplete="off"');
    expect(input).toContain('aria-required="true"');
    expect(input).toContain('aria-describedby="t-name-hint"');
    expect(input).not.toContain('aria-invalid="');
    expect(html).toContain('<p id="t-name-hint" class="text-muted-foreground text-xs">Shown on the list</p>');
    expect(html).not.toContain('t-name-error');
  });

  it("a field's error shows under it and is described and marked invalid", () => {
    const html = render(<TextField name="nested.code" label="Code" hint="Two letters" />, {
      'nested.code': 'Required',
    });
    const input = tagWithId(html, 't-nested-code');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="t-nested-code-hint t-nested-code-error"');
    expect(html).toContain('<p id="t-nested-code-error" class="text-destructive text-sm">Required</p>');
  });

  it('further description ids follow the hint and error', () => {
    const html = render(<TextField name="name" label="Cron" describedByAlso="t-name-status" />, {
      name: 'Bad',
    });
    expect(tagWithId(html, 't-name')).toContain('aria-describedby="t-name-error t-name-status"');
  });

  it('passes input options through (number inputs)', () => {
    const input = tagWithId(
      render(<TextField name="name" label="Port" type="number" min={1} max={9} step={1} />),
      't-name',
    );
    expect(input).toMatch(/type="number"/);
    expect(input).toMatch(/min="1"/);
    expect(input).toMatch(/max="9"/);
  });

  it('a password field is masked with a show control', () => {
    const html = render(<PasswordField name="secret" label="Password" autoComplete="new-password" />);
    const input = tagWithId(html, 't-secret');
    expect(input).toContain('type="password"');
    expect(input).toContain('autoComplete="new-password"');
    expect(html).toContain('Show password');
  });

  it('a textarea is registered with its rows', () => {
    const html = render(<TextareaField name="notes" label="Notes" rows={3} />);
    expect(tagWithId(html, 't-notes')).toContain('rows="3"');
    expect(tagWithId(html, 't-notes')).toContain('name="notes"');
  });

  it('a switch is named by its label and described by its description', () => {
    const html = render(<SwitchField name="active" label="Active" description="Polled when on" />);
    const control = tagWithId(html, 't-active');
    expect(control).toContain('role="switch"');
    expect(control).toContain('aria-checked="true"');
    expect(control).toContain('aria-describedby="t-active-description"');
    expect(html).toMatch(/for="t-active"[^>]*>Active<\/label>/);
  });

  it('a select is a labelled combobox whose options follow the current value', () => {
    const seen: string[] = [];
    const html = render(
      <SelectField
        name="kind"
        label="Kind"
        placeholder="Pick one"
        options={(current) => {
          seen.push(current);
          return [{ value: 'a', label: 'Kind A' }];
        }}
      />,
      { kind: 'Choose a kind' },
    );
    const trigger = tagWithId(html, 't-kind');
    expect(trigger).toContain('role="combobox"');
    expect(trigger).toContain('aria-invalid="true"');
    expect(trigger).toContain('aria-describedby="t-kind-error"');
    expect(seen).toContain('b');
    expect(html).toContain('Choose a kind');
  });
});
