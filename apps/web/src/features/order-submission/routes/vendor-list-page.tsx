import type { OrderVendorSourceListItem } from '@app/contracts';
import { History, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ActionsMenu } from '@/components/data-view/actions-menu';
import { ListPageView } from '@/components/data-view/list-page-view';
import {
  ACTIONS_HEADER,
  EditLinkCell,
  RecordTable,
  type TableHeaderCell,
} from '@/components/data-view/list-parts';
import { Truncated, textOrDash } from '@/components/data-view/priority-columns';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { TableCell, TableRow } from '@/components/ui/table';
import { useLogError } from '@/hooks/use-log-error';
import { runHistoryPath } from '@/shared/runs/api/runs';
import { LastRun } from '@/shared/runs/components/last-run';
import { SourceCard } from '@/shared/sources/components/source-card';
import { useSourceActiveToggle } from '@/shared/sources/hooks/use-source-active-toggle';
import { useDeleteVendor, useSetVendorActive, useVendors, vendorEditPath } from '../api/order-vendors';

type Vendor = OrderVendorSourceListItem;

const LOAD_FAILED = 'Failed to load order vendor sources';
const EMPTY_CARDS = 'No order vendor sources found.';
const TABLE_HEADERS: TableHeaderCell[] = [
  { label: 'Active', className: 'w-16' },
  { label: 'Vendor Name' },
  { label: 'Emails to' },
  { label: 'Trimmed Details' },
  { label: 'Non Daily Submission' },
  { label: 'Wants PDF' },
  { label: 'Wants all data' },
  { label: 'Last Run' },
  ACTIONS_HEADER,
];
/** Beyond the spec: the list shows active vendors (docs/behaviour/order-submission.md#vendor-list); this switch also lists switched-off ones. */
const INACTIVE_PARAM = 'inactive';

function useIncludeInactive(): [boolean, (next: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const include = params.get(INACTIVE_PARAM) === '1';
  const set = (next: boolean) =>
    setParams(
      (current) => {
        if (next) current.set(INACTIVE_PARAM, '1');
        else current.delete(INACTIVE_PARAM);
        return current;
      },
      { replace: true },
    );
  return [include, set];
}

interface ActiveToggle {
  toggle: (next: boolean) => void;
  pending: boolean;
}

function useActiveToggle(vendor: Vendor): ActiveToggle {
  return useSourceActiveToggle(
    { id: vendor.id, sourceName: vendor.vendorNameFromFile },
    useSetVendorActive(),
    'Error updating order vendor source:',
  );
}

function rowActions(vendor: Vendor, onDelete: (vendor: Vendor) => void) {
  return [
    { label: 'Edit', href: vendorEditPath(vendor.id), icon: <Pencil aria-hidden /> },
    { label: 'Run History', href: runHistoryPath('vendor', vendor.id), icon: <History aria-hidden /> },
    { label: 'Delete', destructive: true, onSelect: () => onDelete(vendor), icon: <Trash2 aria-hidden /> },
  ];
}

function YesNo({ value }: { value: boolean }) {
  return <Badge variant={value ? 'secondary' : 'outline'}>{value ? 'Yes' : 'No'}</Badge>;
}

function nonDailyText(vendor: Vendor): string {
  if (!vendor.vendorWantsNonDailySubmission) return 'No';
  const days = vendor.vendorCustomSubmitEveryXDay;
  return days ? `Every ${days} day${days === 1 ? '' : 's'}` : 'Yes';
}

export function VendorListPage() {
  const [includeInactive, setIncludeInactive] = useIncludeInactive();
  const vendors = useVendors(includeInactive);
  const deleteVendor = useDeleteVendor();

  // docs/design/differences.md#errors-are-shown: a failed list load is shown, not only logged.
  useLogError(vendors.error, 'Error fetching order vendor sources:', LOAD_FAILED);

  return (
    <ListPageView
      title="Order Submission Vendor Sources"
      addHref={vendorEditPath(0)}
      list={vendors}
      loadFailed={LOAD_FAILED}
      empty={EMPTY_CARDS}
      table={(items, onDelete) => <VendorsTable vendors={items} onDelete={onDelete} />}
      card={(vendor, onDelete) => <VendorCard vendor={vendor} onDelete={onDelete} />}
      nameOf={(vendor) => vendor.vendorNameFromFile}
      remove={(vendor) => deleteVendor.mutateAsync(vendor.id)}
      aboveList={
        <div className="flex items-center gap-2">
          <Switch
            id="vendors-include-inactive"
            checked={includeInactive}
            onCheckedChange={setIncludeInactive}
          />
          <Label htmlFor="vendors-include-inactive" className="font-normal">
            Show inactive vendors
          </Label>
        </div>
      }
    />
  );
}

function VendorsTable({ vendors, onDelete }: { vendors: Vendor[]; onDelete: (vendor: Vendor) => void }) {
  return (
    <RecordTable
      headers={TABLE_HEADERS}
      items={vendors}
      row={(vendor) => <VendorRow vendor={vendor} onDelete={onDelete} />}
    />
  );
}

function VendorRow({ vendor, onDelete }: { vendor: Vendor; onDelete: (vendor: Vendor) => void }) {
  const active = useActiveToggle(vendor);
  return (
    <TableRow>
      <TableCell>
        <Switch
          aria-label={`Active status of ${vendor.vendorNameFromFile}`}
          checked={vendor.activeStatus}
          disabled={active.pending}
          onCheckedChange={active.toggle}
        />
      </TableCell>
      <EditLinkCell to={vendorEditPath(vendor.id)} name={vendor.vendorNameFromFile} />
      <TableCell>
        <Truncated value={vendor.submitEmails} />
      </TableCell>
      <TableCell>
        <YesNo value={vendor.vendorWantsTrimmedItemDescription} />
      </TableCell>
      <TableCell>{nonDailyText(vendor)}</TableCell>
      <TableCell>
        <YesNo value={vendor.vendorWantsPDF} />
      </TableCell>
      <TableCell>
        <YesNo value={vendor.vendorWantsAllData} />
      </TableCell>
      <TableCell>
        <LastRun lastRun={vendor.lastRun} sourceType="vendor" sourceId={vendor.id} />
      </TableCell>
      <TableCell className="text-right">
        <ActionsMenu items={rowActions(vendor, onDelete)} />
      </TableCell>
    </TableRow>
  );
}

function VendorCard({ vendor, onDelete }: { vendor: Vendor; onDelete: (vendor: Vendor) => void }) {
  const active = useActiveToggle(vendor);
  const details: [string, ReactNode][] = [
    ['Emails to', textOrDash(vendor.submitEmails)],
    ['Order Source', textOrDash(vendor.orderSubmissionSourceName)],
    ['Trimmed Details', <YesNo key="trimmed" value={vendor.vendorWantsTrimmedItemDescription} />],
    ['Non Daily Submission', nonDailyText(vendor)],
    ['Wants PDF', <YesNo key="pdf" value={vendor.vendorWantsPDF} />],
    ['Wants all data', <YesNo key="all-data" value={vendor.vendorWantsAllData} />],
    ['Aliases', String(vendor.aliasCount)],
    [
      'Last Run',
      <LastRun key="last-run" lastRun={vendor.lastRun} sourceType="vendor" sourceId={vendor.id} />,
    ],
  ];
  return (
    <SourceCard
      source={{ sourceName: vendor.vendorNameFromFile, activeStatus: vendor.activeStatus }}
      active={active}
      actions={rowActions(vendor, onDelete)}
      details={details}
      detailsClassName="items-center"
    />
  );
}
