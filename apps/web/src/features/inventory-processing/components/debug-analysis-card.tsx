import type { InventoryColumnInfo, InventoryModification, InventoryProcessingSummary } from '@app/contracts';
import { Bug } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsUnder640 } from '@/hooks/use-media-query';
import { formatCount } from '@/lib/format';
import { itemHistoryPath } from '@/shared/inventory-history/api/inventory-history';
import { WhyThisItemLink } from '@/shared/inventory-history/components/why-this-item-link';
import { columnIndexText, formatPercent, successRate } from '../lib/summary';
import { CollapsibleSection, LogLines } from './collapsible-section';
import { DetailList } from './detail-list';

const count = formatCount;

/**
 * The debug analysis (docs/behaviour/inventory.md#debug-modify-file): column detection, the row summary with the success rate, the modifications per
 * row, collapsible debug logs and, after Debug: Modify File, the next steps.
 */
export function DebugAnalysisCard({
  sourceId,
  runId,
  kind,
  columnInfo,
  summary,
  debugLogs,
}: {
  sourceId: number;
  /** The run that made the modifications (Process File), null for Debug: Modify File. */
  runId: number | null;
  kind: 'process' | 'debug';
  columnInfo: InventoryColumnInfo;
  summary: InventoryProcessingSummary;
  debugLogs: string[];
}) {
  const id = useId();
  return (
    <Card className="border-amber-500/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bug aria-hidden className="size-4 text-amber-600" />
          Debug Analysis
        </CardTitle>
        <CardDescription>
          {kind === 'debug'
            ? 'What Debug: Modify File read and changed.'
            : 'How the supplier file was read, and the items the predictive algorithm marked Inactive early.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby={`${id}-columns`} className="space-y-3">
          <h3 id={`${id}-columns`} className="font-semibold text-sm">
            Column Detection
          </h3>
          <DetailList
            items={[
              { term: 'Expected Item Column', value: columnInfo.expectedItemColumn || '—' },
              { term: 'Item Column Index', value: columnIndexText(columnInfo.itemColumnIndex) },
              { term: 'Expected Quantity Column', value: columnInfo.expectedQtyColumn || '—' },
              { term: 'Quantity Column Index', value: columnIndexText(columnInfo.qtyColumnIndex) },
              { term: 'Has Headers', value: columnInfo.hasHeaders ? 'Yes' : 'No' },
              {
                term: 'Headers Found',
                value:
                  columnInfo.foundHeaders.length === 0 ? (
                    'None'
                  ) : (
                    <ul aria-label="Headers found" className="flex flex-wrap gap-1.5 font-normal">
                      {columnInfo.foundHeaders.map((header, index) => (
                        <li
                          key={index}
                          className="rounded-md border bg-muted/40 px-1.5 py-0.5 font-mono text-xs"
                        >
                          <span className="text-muted-foreground">{index}:</span> {header || '(blank)'}
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]}
          />
        </section>

        <section aria-labelledby={`${id}-summary`} className="space-y-3">
          <h3 id={`${id}-summary`} className="font-semibold text-sm">
            Analysis Summary
          </h3>
          <DetailList
            className="grid-cols-2 sm:grid-cols-3"
            items={[
              { term: 'Total Rows', value: count(summary.totalRows) },
              { term: 'Processed Rows', value: count(summary.processedRows) },
              { term: 'Skipped Rows', value: count(summary.skippedRows) },
              { term: 'Active Items Found', value: count(summary.activeItemsFound) },
              { term: 'Items Modified', value: count(summary.itemsModified) },
              { term: 'Success Rate', value: formatPercent(successRate(summary)) },
            ]}
          />
        </section>

        <section aria-labelledby={`${id}-modifications`} className="space-y-3">
          <h3 id={`${id}-modifications`} className="font-semibold text-sm">
            Modifications
          </h3>
          <ModificationTable
            modifications={summary.modifications}
            total={summary.itemsModified}
            whyLink={(item) => itemHistoryPath(sourceId, item, runId ?? undefined)}
          />
        </section>

        <CollapsibleSection label="Debug Logs" count={debugLogs.length}>
          <LogLines lines={debugLogs} empty="No debug logs." />
        </CollapsibleSection>

        {kind === 'debug' && (
          <section
            aria-labelledby={`${id}-next-steps`}
            className="space-y-2 rounded-lg border border-sky-500/40 bg-sky-50 p-3 text-sm dark:bg-sky-950/30"
          >
            <h3 id={`${id}-next-steps`} className="font-semibold">
              Next Steps
            </h3>
            <ol className="list-decimal space-y-1 pl-5">
              <li>Download the modified file (or click Use Modified File).</li>
              <li>Upload the modified file here.</li>
              <li>Click Process File to try the predictive algorithm on it.</li>
            </ol>
          </section>
        )}
      </CardContent>
    </Card>
  );
}

function ModificationTable({
  modifications,
  total,
  whyLink,
}: {
  modifications: InventoryModification[];
  total: number;
  whyLink: (itemNumber: string) => string;
}) {
  const narrow = useIsUnder640();
  if (modifications.length === 0)
    return <p className="text-muted-foreground text-sm">No rows were modified.</p>;
  const more = total - modifications.length;
  const moreText = more > 0 && (
    <p className="text-muted-foreground text-xs">…and {count(more)} more (see the debug logs).</p>
  );
  if (narrow) {
    // Phones: one small card per row instead of a table that scrolls sideways.
    return (
      <div className="space-y-2">
        <ul aria-label="Modifications" className="max-h-[32rem] space-y-2 overflow-auto">
          {modifications.map((modification) => (
            <li
              key={`${modification.rowIndex}-${modification.itemNumber}`}
              className="rounded-lg border p-3 text-sm"
            >
              <p className="flex items-baseline justify-between gap-2">
                <span className="break-all font-medium font-mono text-xs">
                  <WhyThisItemLink to={whyLink(modification.itemNumber)} item={modification.itemNumber} />
                </span>
                <span className="shrink-0 text-muted-foreground text-xs">
                  Row {modification.rowIndex + 1}
                </span>
              </p>
              <dl className="mt-1 grid grid-cols-2 gap-2">
                <div>
                  <dt className="text-muted-foreground text-xs">Original Quantity</dt>
                  <dd className="tabular-nums">{count(modification.originalQuantity)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground text-xs">New Quantity</dt>
                  <dd className="tabular-nums">{count(modification.newQuantity)}</dd>
                </div>
              </dl>
              <p className="mt-1 text-muted-foreground text-xs">{modification.reason}</p>
            </li>
          ))}
        </ul>
        {moreText}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <div className="max-h-96 overflow-auto rounded-lg border">
        <Table aria-label="Modifications">
          <TableHeader className="sticky top-0 bg-card">
            <TableRow>
              <TableHead className="w-14">Row</TableHead>
              <TableHead>Item</TableHead>
              <TableHead className="text-right">Original Quantity</TableHead>
              <TableHead className="text-right">New Quantity</TableHead>
              <TableHead className="min-w-48">Reason</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {modifications.map((modification) => (
              <TableRow key={`${modification.rowIndex}-${modification.itemNumber}`}>
                <TableCell className="tabular-nums">{modification.rowIndex + 1}</TableCell>
                <TableCell className="font-mono text-xs">
                  <WhyThisItemLink to={whyLink(modification.itemNumber)} item={modification.itemNumber} />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {count(modification.originalQuantity)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{count(modification.newQuantity)}</TableCell>
                <TableCell className="whitespace-normal text-xs">{modification.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {moreText}
    </div>
  );
}
