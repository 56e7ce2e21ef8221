/**
 * POST /api/inventory-sources/activated-items/read (docs/behaviour/inventory.md#activated-items-from-a-file): the
 * items of an uploaded list, read on the server by the product's spreadsheet reader. Nothing is stored; the
 * editor writes the items into its field.
 */
import type { ActivatedItemList } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function readActivatedItems(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<ActivatedItemList>('/api/inventory-sources/activated-items/read', form);
}

export function useReadActivatedItems() {
  return useMutation({ mutationFn: readActivatedItems });
}
