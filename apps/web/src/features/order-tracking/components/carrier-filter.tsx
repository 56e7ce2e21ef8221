import {
  CARRIER_FILTER_INVALID,
  CARRIER_FILTER_NONE,
  CARRIER_FILTER_POSTS,
  FILTERABLE_CARRIERS,
} from '@app/contracts';
import { Label } from '@/components/ui/label';

/** The grid's carrier filter (docs/behaviour/order-tracking.md#carriers): applied at once, with any search. */
export const CARRIER_FILTER_OPTIONS: readonly { value: string; label: string }[] = [
  { value: '', label: 'All carriers' },
  ...FILTERABLE_CARRIERS.map((carrier) => ({ value: carrier.code, label: carrier.name })),
  { value: CARRIER_FILTER_POSTS, label: 'Other postal services (UPU S10)' },
  { value: CARRIER_FILTER_NONE, label: 'No carrier recognised' },
  { value: CARRIER_FILTER_INVALID, label: 'Check digit does not match' },
];

export function CarrierFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="order-carrier-filter" className="text-sm">
        Carrier
      </Label>
      <select
        id="order-carrier-filter"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-8 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {CARRIER_FILTER_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
