import type { TOrderVendorSource } from '@app/contracts';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { get, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ConfirmDeleteDialog } from '@/components/data-view/confirm-delete-dialog';
import { controlProps } from '@/components/form/field-props';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDeleteVendorAlias } from '../api/order-vendors';
import { newAlias, type VendorAliasValues, type VendorFormValues } from '../lib/vendor-form';

type VendorForm = UseFormReturn<VendorFormValues, unknown, TOrderVendorSource>;

/** What Cancel goes back to: the alias as it was before Edit, or nothing for an alias added here. */
type Snapshot = VendorAliasValues | 'new';

interface PendingDelete {
  index: number;
  alias: VendorAliasValues;
}

/**
 * The vendor's aliases (docs/behaviour/order-submission.md#aliases): other names the order file may use for this vendor. Aliases are added
 * and edited locally and saved with the vendor; deleting one that is already stored calls its own delete route
 * at once, after a confirmation.
 */
export function VendorAliasManager({ form, vendorId }: { form: VendorForm; vendorId: number }) {
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'vendorSourceAliases',
    keyName: 'key',
  });
  const aliases = useWatch({ control: form.control, name: 'vendorSourceAliases' });
  // Rows being edited, by position (the field array's keys are not known when a row is appended).
  const [editing, setEditing] = useState<Record<number, Snapshot>>({});
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const deleteAlias = useDeleteVendorAlias(vendorId);

  const stopEditing = (index: number) =>
    setEditing((current) => {
      const { [index]: _stopped, ...rest } = current;
      return rest;
    });

  /** Removes the row and moves the edit state of the rows after it up by one. */
  const removeRow = (index: number) => {
    form.clearErrors(`vendorSourceAliases.${index}`);
    remove(index);
    setEditing((current) => {
      const next: Record<number, Snapshot> = {};
      for (const [position, snapshot] of Object.entries(current)) {
        const at = Number(position);
        if (at < index) next[at] = snapshot;
        else if (at > index) next[at - 1] = snapshot;
      }
      return next;
    });
  };

  const add = () => {
    append(newAlias(vendorId), { shouldFocus: true });
    setEditing((current) => ({ ...current, [fields.length]: 'new' }));
  };

  const edit = (index: number) =>
    setEditing((current) => ({ ...current, [index]: { ...form.getValues(`vendorSourceAliases.${index}`) } }));

  const save = async (index: number) => {
    const name = `vendorSourceAliases.${index}.vendorAliasNameFromFile` as const;
    if (await form.trigger(name, { shouldFocus: true })) stopEditing(index);
  };

  const cancel = (index: number, snapshot: Snapshot) => {
    if (snapshot === 'new') {
      removeRow(index);
      return;
    }
    form.clearErrors(`vendorSourceAliases.${index}`);
    form.setValue(`vendorSourceAliases.${index}.vendorAliasNameFromFile`, snapshot.vendorAliasNameFromFile);
    form.setValue(
      `vendorSourceAliases.${index}.vendorProvidedAccountNumber`,
      snapshot.vendorProvidedAccountNumber,
    );
    stopEditing(index);
  };

  const requestDelete = (index: number) => {
    const alias = form.getValues(`vendorSourceAliases.${index}`);
    // Only in this form so far: nothing is stored, so it just leaves the list.
    if (alias.id > 0) setPendingDelete({ index, alias });
    else removeRow(index);
  };

  return (
    <section aria-labelledby="vendor-aliases-heading" className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h3 id="vendor-aliases-heading" className="font-medium text-sm">
            Vendor Aliases
          </h3>
          <p className="text-muted-foreground text-sm">
            Other names the order file may use for this vendor. Saved with the vendor.
          </p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={add}>
          <Plus aria-hidden />
          Add Vendor Alias
        </Button>
      </div>
      {fields.length === 0 ? (
        <p className="text-muted-foreground text-sm">No aliases.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Vendor aliases">
          {fields.map((field, index) => {
            const snapshot = editing[index];
            const alias = aliases?.[index] ?? field;
            return snapshot ? (
              <AliasEditor
                key={field.key}
                form={form}
                index={index}
                onSave={() => void save(index)}
                onCancel={() => cancel(index, snapshot)}
              />
            ) : (
              <li
                key={field.key}
                aria-label={alias.vendorAliasNameFromFile}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/40 px-3 py-2"
              >
                <div className="grid min-w-0 gap-0.5">
                  <span className="truncate font-medium text-sm" title={alias.vendorAliasNameFromFile}>
                    {alias.vendorAliasNameFromFile}
                  </span>
                  <span className="truncate text-muted-foreground text-xs">
                    {alias.vendorProvidedAccountNumber
                      ? `Account number: ${alias.vendorProvidedAccountNumber}`
                      : 'No account number'}
                  </span>
                </div>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Edit alias ${alias.vendorAliasNameFromFile}`}
                    onClick={() => edit(index)}
                  >
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    aria-label={`Delete alias ${alias.vendorAliasNameFromFile}`}
                    onClick={() => requestDelete(index)}
                  >
                    <Trash2 aria-hidden />
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        name={pendingDelete?.alias.vendorAliasNameFromFile ?? ''}
        onConfirm={async () => {
          if (!pendingDelete) return;
          const { index, alias } = pendingDelete;
          await deleteAlias.mutateAsync(alias.id);
          // The row may have moved while the call ran; it is found again by its stored id.
          const current = form.getValues('vendorSourceAliases');
          const position =
            current[index]?.id === alias.id ? index : current.findIndex((a) => a.id === alias.id);
          if (position >= 0) removeRow(position);
          toast.success(`Alias "${alias.vendorAliasNameFromFile}" deleted`);
        }}
      />
    </section>
  );
}

function AliasEditor({
  form,
  index,
  onSave,
  onCancel,
}: {
  form: VendorForm;
  index: number;
  onSave: () => void;
  onCancel: () => void;
}) {
  const nameField = `vendorSourceAliases.${index}.vendorAliasNameFromFile` as const;
  const accountField = `vendorSourceAliases.${index}.vendorProvidedAccountNumber` as const;
  const errors = form.formState.errors;
  const nameError = (get(errors, nameField) as { message?: string } | undefined)?.message;
  const accountError = (get(errors, accountField) as { message?: string } | undefined)?.message;
  const nameId = `vendor-alias-${index}-name`;
  const accountId = `vendor-alias-${index}-account`;

  // Enter in an alias input saves the alias, not the whole vendor.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSave();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <li
      aria-label="Alias being edited"
      className="grid gap-3 rounded-md border border-dashed p-3 sm:grid-cols-2"
    >
      <FormField id={nameId} label="Alias Name *" error={nameError}>
        <Input
          autoComplete="off"
          aria-required
          onKeyDown={onKeyDown}
          {...controlProps(nameId, { error: nameError })}
          {...form.register(nameField)}
        />
      </FormField>
      <FormField id={accountId} label="Alias Account Number" error={accountError}>
        <Input
          autoComplete="off"
          onKeyDown={onKeyDown}
          {...controlProps(accountId, { error: accountError })}
          {...form.register(accountField)}
        />
      </FormField>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" size="sm" aria-label="Cancel alias" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" size="sm" aria-label="Save alias" onClick={onSave}>
          Save
        </Button>
      </div>
    </li>
  );
}
