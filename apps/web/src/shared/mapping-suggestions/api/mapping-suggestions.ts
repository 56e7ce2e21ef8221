/**
 * POST /api/mapping-suggestions (docs/behaviour/sources.md#suggest-from-a-sample-file): the set-up a sample file
 * suggests for a source. Nothing is stored; the editor applies the reviewed answer to its form.
 */
import type { MappingSuggestion, MappingSuggestionKind } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function suggestMapping({ file, kind }: { file: File; kind: MappingSuggestionKind }) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return api.post<MappingSuggestion>('/api/mapping-suggestions', form);
}

export function useSuggestMapping() {
  return useMutation({ mutationFn: suggestMapping });
}
