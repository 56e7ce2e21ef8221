import {
  dayOfWeekLabel,
  isSourceTypeId,
  NOTIFICATION_INTERVAL_LABELS,
  NOTIFICATION_INTERVALS,
  NOTIFICATION_MESSAGES,
  type NotificationInterval,
  type NotificationSetting,
  SOURCE_TYPE_LABELS,
} from '@app/contracts';
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ActionsMenu } from '@/components/data-view/actions-menu';
import {
  ACTIONS_HEADER,
  CardList,
  ConfirmDeleteItemDialog,
  DetailList,
  EditLinkCell,
  ListSkeleton,
  LoadFailedAlert,
  RecordTable,
  type TableHeaderCell,
} from '@/components/data-view/list-parts';
import { useViewMode, ViewModeToggle } from '@/components/data-view/view-mode-toggle';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TableCell, TableRow } from '@/components/ui/table';
import { useLogError } from '@/hooks/use-log-error';
import { useIsMobile } from '@/hooks/use-media-query';
import { usePermissions } from '@/shared/auth/api/session';
import { formatDateTime } from '@/shared/format/dates';
import {
  notificationSettingEditPath,
  useDeleteNotificationSetting,
  useNotificationSettings,
} from '../api/notification-settings';
import { IncludedItems } from '../components/included-items';
import { notificationSourceTypeOptions } from '../lib/source-types';

type Setting = NotificationSetting;

const LOAD_FAILED = 'Failed to load notification settings';
const EMPTY = NOTIFICATION_MESSAGES.empty;
/** docs/behaviour/notifications.md#settings-list: included sources shown before the '+N'. */
const CARD_ITEMS = 3;
const TABLE_ITEMS = 2;
/** The filter selects' "no filter" choice (a Radix select item cannot have an empty value). */
const ALL = 'all';

interface Filters {
  text: string;
  sourceType: string;
  interval: string;
}

/**
 * The filters kept in the URL (?q=, ?type=, ?interval=) like the view mode, so a reload or a shared link keeps
 * them. An unknown value in the address, or a source type the user does not hold, counts as no filter.
 */
function useFilters(): [Filters, (patch: Partial<Filters>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const offeredTypes = notificationSourceTypeOptions(usePermissions()).map((option) => option.value);
  const type = searchParams.get('type') ?? '';
  const interval = searchParams.get('interval') ?? '';
  const filters: Filters = {
    text: searchParams.get('q') ?? '',
    sourceType: offeredTypes.includes(type) ? type : ALL,
    interval: (NOTIFICATION_INTERVALS as readonly string[]).includes(interval) ? interval : ALL,
  };
  const update = (patch: Partial<Filters>) => {
    setSearchParams(
      (params) => {
        const set = (key: string, value: string | undefined, empty: string) => {
          if (value === undefined) return;
          if (value === empty) params.delete(key);
          else params.set(key, value);
        };
        set('q', patch.text, '');
        set('type', patch.sourceType, ALL);
        set('interval', patch.interval, ALL);
        return params;
      },
      { replace: true },
    );
  };
  return [filters, update];
}

/** The text filter matches the setting's name or any included source's name, ignoring case. */
function matches(setting: Setting, { text, sourceType, interval }: Filters) {
  if (sourceType !== ALL && String(setting.sourceTypeId) !== sourceType) return false;
  if (interval !== ALL && setting.notificationInterval !== interval) return false;
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [setting.name, ...(setting.sourceName ?? [])].some((name) => name.toLowerCase().includes(needle));
}

export function NotificationSettingListPage() {
  const settings = useNotificationSettings();
  const isMobile = useIsMobile();
  const [view, setView] = useViewMode(isMobile);
  const [filters, setFilters] = useFilters();
  const [pendingDelete, setPendingDelete] = useState<Setting | null>(null);
  const deleteSetting = useDeleteNotificationSetting();

  // docs/design/differences.md#errors-are-shown: a failed load is shown, not only logged.
  useLogError(settings.error, 'Error fetching notification settings:', LOAD_FAILED);

  let body: ReactNode;
  if (settings.isPending) {
    body = <ListSkeleton view={view} />;
  } else if (settings.isError) {
    body = <LoadFailedAlert message={LOAD_FAILED} onRetry={() => void settings.refetch()} />;
  } else {
    const shown = settings.data.filter((setting) => matches(setting, filters));
    const enabled = settings.data.filter((setting) => setting.notificationEnabled).length;
    body = (
      <>
        <FilterBar filters={filters} onChange={setFilters} />
        <p role="status" className="flex flex-wrap gap-x-2 gap-y-1 text-muted-foreground text-sm">
          <span>{`Showing ${shown.length} of ${settings.data.length}`}</span>
          <span aria-hidden>·</span>
          <span>{`${enabled} enabled`}</span>
          <span aria-hidden>·</span>
          <span>{`${settings.data.length - enabled} disabled`}</span>
        </p>
        {view === 'table' ? (
          <SettingsTable settings={shown} onDelete={setPendingDelete} />
        ) : shown.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">{EMPTY}</p>
        ) : (
          <CardList
            items={shown}
            renderCard={(setting) => <SettingCard setting={setting} onDelete={setPendingDelete} />}
          />
        )}
      </>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">Notification Settings</h1>
        <div className="flex items-center gap-2">
          {!isMobile && <ViewModeToggle value={view} onChange={setView} />}
          <Button asChild>
            <Link to={notificationSettingEditPath(0)}>
              <Plus aria-hidden />
              Add Notification Setting
            </Link>
          </Button>
        </div>
      </div>
      {body}
      <ConfirmDeleteItemDialog
        item={pendingDelete}
        name={(setting) => setting.name}
        onClose={() => setPendingDelete(null)}
        onConfirm={async (setting) => {
          await deleteSetting.mutateAsync(setting.id);
          toast.success(`"${setting.name}" deleted`);
        }}
      />
    </div>
  );
}

function FilterBar({ filters, onChange }: { filters: Filters; onChange: (patch: Partial<Filters>) => void }) {
  const sourceTypeOptions = notificationSourceTypeOptions(usePermissions());
  const filtered = filters.text !== '' || filters.sourceType !== ALL || filters.interval !== ALL;
  return (
    <search className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
      <div className="grid gap-2">
        <Label htmlFor="ns-filter-text">Source Name</Label>
        <Input
          id="ns-filter-text"
          type="search"
          placeholder="Filter by setting or source name"
          value={filters.text}
          onChange={(event) => onChange({ text: event.target.value })}
        />
      </div>
      <FilterSelect
        id="ns-filter-type"
        label="Source Type"
        value={filters.sourceType}
        onChange={(sourceType) => onChange({ sourceType })}
        allLabel="All source types"
        options={sourceTypeOptions}
      />
      <FilterSelect
        id="ns-filter-interval"
        label="Interval"
        value={filters.interval}
        onChange={(interval) => onChange({ interval })}
        allLabel="All intervals"
        options={NOTIFICATION_INTERVALS.map((interval) => ({
          value: interval,
          label: NOTIFICATION_INTERVAL_LABELS[interval],
        }))}
      />
      <Button
        type="button"
        variant="ghost"
        disabled={!filtered}
        onClick={() => onChange({ text: '', sourceType: ALL, interval: ALL })}
      >
        <X aria-hidden />
        Clear filters
      </Button>
    </search>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  allLabel,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function rowActions(setting: Setting, onDelete: (setting: Setting) => void) {
  return [
    { label: 'Edit', href: notificationSettingEditPath(setting.id), icon: <Pencil aria-hidden /> },
    { label: 'Delete', destructive: true, onSelect: () => onDelete(setting), icon: <Trash2 aria-hidden /> },
  ];
}

const sourceTypeLabel = (setting: Setting) =>
  isSourceTypeId(setting.sourceTypeId) ? SOURCE_TYPE_LABELS[setting.sourceTypeId] : '—';

const lastSentText = (setting: Setting) => formatDateTime(setting.lastNotificationSent) || 'Never';

function IntervalText({ setting }: { setting: Setting }) {
  const interval = setting.notificationInterval as NotificationInterval;
  return (
    <span className="grid">
      <span>{NOTIFICATION_INTERVAL_LABELS[interval] ?? interval}</span>
      {interval === 'Custom' && setting.cronExpression && (
        <code className="truncate text-muted-foreground text-xs" title={setting.cronExpression}>
          {setting.cronExpression}
        </code>
      )}
    </span>
  );
}

function EnabledBadge({ enabled }: { enabled: boolean }) {
  return <Badge variant={enabled ? 'secondary' : 'outline'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>;
}

const TABLE_HEADERS: TableHeaderCell[] = [
  { label: 'Name' },
  { label: 'Source Type' },
  { label: 'Included Sources' },
  { label: 'Interval' },
  { label: 'Day of Week' },
  { label: 'Enabled' },
  { label: 'Last Sent' },
  ACTIONS_HEADER,
];

function SettingsTable({
  settings,
  onDelete,
}: {
  settings: Setting[];
  onDelete: (setting: Setting) => void;
}) {
  return (
    <RecordTable
      headers={TABLE_HEADERS}
      items={settings}
      empty={EMPTY}
      row={(setting) => (
        <TableRow>
          <EditLinkCell to={notificationSettingEditPath(setting.id)} name={setting.name} />
          <TableCell>{sourceTypeLabel(setting)}</TableCell>
          <TableCell className="max-w-80">
            <IncludedItems names={setting.sourceName ?? []} max={TABLE_ITEMS} />
          </TableCell>
          <TableCell className="max-w-40">
            <IntervalText setting={setting} />
          </TableCell>
          <TableCell>{dayOfWeekLabel(setting.notificationDayOfWeek, true)}</TableCell>
          <TableCell>
            <EnabledBadge enabled={setting.notificationEnabled} />
          </TableCell>
          <TableCell className="whitespace-nowrap">{lastSentText(setting)}</TableCell>
          <TableCell className="text-right">
            <ActionsMenu items={rowActions(setting, onDelete)} />
          </TableCell>
        </TableRow>
      )}
    />
  );
}

function SettingCard({ setting, onDelete }: { setting: Setting; onDelete: (setting: Setting) => void }) {
  const details: [string, ReactNode][] = [
    ['Source Type', sourceTypeLabel(setting)],
    ['Included Sources', <IncludedItems key="sources" names={setting.sourceName ?? []} max={CARD_ITEMS} />],
    ['Interval', <IntervalText key="interval" setting={setting} />],
    ['Day of Week', dayOfWeekLabel(setting.notificationDayOfWeek)],
    ['Enabled', <EnabledBadge key="enabled" enabled={setting.notificationEnabled} />],
    ['Last Sent', lastSentText(setting)],
  ];
  return (
    <Card className="w-full gap-4">
      <CardHeader>
        <CardTitle className="min-w-0">
          <h2 className="truncate text-lg" title={setting.name}>
            {setting.name}
          </h2>
        </CardTitle>
        <CardAction>
          <ActionsMenu items={rowActions(setting, onDelete)} />
        </CardAction>
      </CardHeader>
      <CardContent className="flex-1">
        <DetailList details={details} className="items-center" />
      </CardContent>
    </Card>
  );
}
