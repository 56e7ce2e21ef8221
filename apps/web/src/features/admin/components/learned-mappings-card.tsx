import type { MappingEvidenceCleared, MappingEvidenceSummary } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api-client';
import { mappingEvidenceKeys } from '@/lib/query-keys';

const EVIDENCE_PATH = '/api/mapping-suggestions/evidence';

const summaryQueryOptions = queryOptions({
  queryKey: mappingEvidenceKeys.summary,
  queryFn: ({ signal }) => api.get<MappingEvidenceSummary>(EVIDENCE_PATH, signal),
});

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What Suggest from a sample file has learned from this installation's saved sources, and the admin's way to
 * forget it (docs/behaviour/sources.md#suggest-from-a-sample-file).
 */
export function LearnedMappingsCard() {
  const summary = useQuery(summaryQueryOptions);
  const queryClient = useQueryClient();
  const clear = useMutation({
    mutationFn: () => api.delete<MappingEvidenceCleared>(EVIDENCE_PATH),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mappingEvidenceKeys.all }),
  });
  const [asking, setAsking] = useState<true | null>(null);
  const data = summary.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Learned Column Mappings</CardTitle>
        <CardDescription>Header names operators mapped, used by Suggest from a sample file</CardDescription>
        <CardAction>
          <Sparkles aria-hidden className="size-5 text-muted-foreground" />
        </CardAction>
      </CardHeader>
      <CardContent>
        {summary.isPending ? (
          <Skeleton className="h-9 w-40" />
        ) : summary.isError || !data ? (
          <p className="text-muted-foreground text-sm">Unavailable</p>
        ) : (
          <p className="text-sm">
            <span className="font-bold text-3xl tabular-nums">{data.pairs}</span>{' '}
            {data.pairs === 1 ? 'mapping' : 'mappings'} from {plural(data.sources, 'source', 'sources')}
          </p>
        )}
      </CardContent>
      <CardFooter className="mt-auto">
        <Button
          type="button"
          variant="outline"
          disabled={!data || data.pairs === 0}
          onClick={() => setAsking(true)}
        >
          Forget Learned Mappings
        </Button>
      </CardFooter>
      <ConfirmDialog
        item={asking}
        onClose={() => setAsking(null)}
        title="Forget learned mappings"
        description={() =>
          'Suggestions stop using the header names operators mapped on this installation until sources are saved again. Saved sources keep their mappings.'
        }
        action="Forget"
        busyAction="Forgetting…"
        destructive
        onConfirm={async () => {
          const { deleted } = await clear.mutateAsync();
          toast.success(`Forgot ${plural(deleted, 'learned mapping', 'learned mappings')}`);
        }}
        logLabel="Error forgetting learned mappings:"
        failureMessage={() => 'The learned mappings could not be forgotten.'}
      />
    </Card>
  );
}
