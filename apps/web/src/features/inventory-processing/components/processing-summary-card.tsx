import type { InventoryProcessingResult } from '@app/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/format';
import { CollapsibleSection, LogLines } from './collapsible-section';
import { StatTiles } from './detail-list';

const count = formatCount;

/** docs/behaviour/inventory.md#manual-processing: Total Processed, Active Items, Inactive Items; the processing logs when debug is on. */
export function ProcessingSummaryCard({
  result,
  debugMode,
}: {
  result: InventoryProcessingResult;
  debugMode: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Processing Summary</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <StatTiles
          items={[
            { term: 'Total Processed', value: count(result.processedCount) },
            { term: 'Active Items', value: count(result.activeCount) },
            { term: 'Inactive Items', value: count(result.inactiveCount) },
          ]}
        />
        {debugMode && (
          <CollapsibleSection label="Processing Logs" count={result.processingLogs.length}>
            <LogLines lines={result.processingLogs} empty="No processing logs." />
          </CollapsibleSection>
        )}
      </CardContent>
    </Card>
  );
}
