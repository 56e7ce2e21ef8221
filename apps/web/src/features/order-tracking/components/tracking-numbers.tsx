import { carrierInfo, type TrackingNumber } from '@app/contracts';
import { TriangleAlert } from 'lucide-react';
import { Fragment } from 'react';
import { cn } from '@/lib/utils';

/** What a failed check digit says, in the grid (as the mark's name), on the detail page and in a run's warnings. */
export const CHECK_DIGIT_MARK = 'check digit does not match: possibly mistyped';

/** The carrier's short name beside a number (docs/behaviour/order-tracking.md#carriers). */
function shortNameOf(entry: TrackingNumber): string | null {
  if (!entry.carrier) return null;
  return carrierInfo(entry.carrier)?.shortName ?? entry.carrierName ?? entry.carrier;
}

function CheckDigitMark({ className }: { className?: string }) {
  return (
    <TriangleAlert
      role="img"
      aria-label={CHECK_DIGIT_MARK}
      className={cn('inline size-3.5 shrink-0 text-amber-600 dark:text-amber-400', className)}
    >
      <title>{CHECK_DIGIT_MARK}</title>
    </TriangleAlert>
  );
}

/** One number: a link to the carrier's tracking page when it has one (a new tab), else the number as text. */
export function TrackingNumberLink({ entry, tabIndex }: { entry: TrackingNumber; tabIndex?: number }) {
  if (!entry.url) return <span>{entry.trackingNumber}</span>;
  return (
    <a
      href={entry.url}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={tabIndex}
      title={`Track on ${entry.carrierName ?? 'the carrier’s site'} (opens in a new tab)`}
      className="text-primary underline-offset-2 hover:underline"
    >
      {entry.trackingNumber}
    </a>
  );
}

/**
 * The grid's Tracking Numbers cell: each number linked to its carrier's page with the carrier's short name,
 * and the mark on a number whose check digit fails. Links leave the grid's single tab stop alone: they are
 * reachable when their cell has the focus.
 */
export function TrackingNumbersInline({
  numbers,
  focusable,
}: {
  numbers: readonly TrackingNumber[];
  focusable: boolean;
}) {
  return (
    <>
      {numbers.map((entry, index) => {
        const shortName = shortNameOf(entry);
        return (
          <Fragment key={entry.id}>
            {index > 0 && ', '}
            <TrackingNumberLink entry={entry} tabIndex={focusable ? 0 : -1} />
            {shortName && (
              <span className="ml-1 rounded bg-muted px-1 text-[11px] text-foreground/75">{shortName}</span>
            )}
            {entry.checkDigit === 'invalid' && <CheckDigitMark className="ml-0.5 align-[-2px]" />}
          </Fragment>
        );
      })}
    </>
  );
}

/** The detail page's list: each number with its carrier, service and link, and the mark spelled out. */
export function TrackingNumberList({ numbers }: { numbers: readonly TrackingNumber[] }) {
  return (
    <ul aria-label="Tracking numbers" className="space-y-2 text-sm">
      {numbers.map((entry) => (
        <li key={entry.id} className="break-all">
          <span className="font-mono">
            <TrackingNumberLink entry={entry} />
          </span>
          <span className="block text-muted-foreground text-xs">
            {entry.carrierName
              ? [
                  entry.carrierName,
                  entry.service && entry.service !== entry.carrierName ? entry.service : null,
                ]
                  .filter(Boolean)
                  .join(' · ')
              : 'Carrier not recognised'}
          </span>
          {entry.checkDigit === 'invalid' && (
            <span className="flex items-center gap-1 text-amber-700 text-xs dark:text-amber-400">
              <TriangleAlert aria-hidden className="size-3.5" />
              {CHECK_DIGIT_MARK}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
