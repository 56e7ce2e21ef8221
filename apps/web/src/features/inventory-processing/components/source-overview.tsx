import type { InventorySource } from '@app/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { activeRuleText, countActivatedItems, headerRowText } from '../lib/summary';
import { DetailList } from './detail-list';

const orDash = (value: string | null | undefined) => (value?.trim() ? value : '—');

/** docs/behaviour/inventory.md#manual-processing: the source as the file will be read. */
export function SourceConfigurationCard({ source }: { source: InventorySource }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Source Configuration</CardTitle>
        <CardDescription>How the supplier file is read.</CardDescription>
      </CardHeader>
      <CardContent>
        <DetailList
          items={[
            { term: 'Source Name', value: orDash(source.sourceName) },
            { term: 'File Type', value: orDash(source.fileType) },
            { term: 'Item Column', value: orDash(source.itemNumberColumnName) },
            { term: 'Quantity Column', value: orDash(source.qtyColumnName) },
            {
              term: 'Minimum Items to be Active',
              value:
                source.minItemsToBeActive === null
                  ? 'N/A'
                  : source.minItemsToBeActive.toLocaleString('en-US'),
            },
            { term: 'Expected Attachment Name', value: orDash(source.attachmentName) },
          ]}
        />
      </CardContent>
    </Card>
  );
}

/** docs/behaviour/inventory.md#manual-processing: the generated file (the retailer's format) and the rule that marks items Active. */
export function ExpectedOutputCard({ source }: { source: InventorySource }) {
  const fileData = source.fileData;
  const named = fileData.fileHasHeader;
  const column = (label: string) => (named ? `${label} Column` : `${label} Column Index`);
  const activated = countActivatedItems(fileData.userActivatedItemNumbers, source.stripLeadingZeroes);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Expected Output</CardTitle>
        <CardDescription>
          One row per user-activated item, with its status and the processing date.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <DetailList
          items={[
            { term: 'Header Row', value: headerRowText(fileData) },
            { term: column('Item Number'), value: orDash(fileData.itemNumberColumnName) },
            { term: column('Status'), value: orDash(fileData.itemStatusColumnName) },
            { term: column('Date'), value: orDash(fileData.itemStatusDateColumnName) },
            { term: 'User-Activated Items', value: activated.toLocaleString('en-US') },
          ]}
        />
        <div className="space-y-1 rounded-lg border bg-muted/40 p-3 text-sm">
          <p className="font-medium">{activeRuleText(source.minItemsToBeActive)}</p>
          {source.statusSupersedesQuantity && (
            <p className="text-muted-foreground">
              A status in the available list ({orDash(source.statusAvailableList)}) marks an item Active, one
              in the out-of-stock list ({orDash(source.statusOutOfStockList)}) Inactive, whatever the
              quantity.
            </p>
          )}
          <p className="text-muted-foreground">
            All other items, and user-activated items missing from the file, are marked Inactive.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
