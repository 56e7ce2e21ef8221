import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

export interface HoverTip {
  text: string;
  rect: { top: number; left: number; width: number; height: number };
}

/** docs/behaviour/order-tracking.md#cell-selection: the hover tip appears after 700 ms. */
export const HOVER_TIP_DELAY_MS = 700;

/**
 * One tooltip for the whole grid, anchored to the hovered cell's box, instead of one Radix tooltip per cell
 * (a 250-row page has some 6,000 cells). The grid decides when it opens; this only draws it.
 */
export function CellHoverTip({ tip, onClose }: { tip: HoverTip | null; onClose: () => void }) {
  const rect = tip?.rect ?? { top: 0, left: 0, width: 0, height: 0 };
  return (
    <Tooltip open={tip !== null} onOpenChange={(open) => !open && onClose()}>
      <TooltipTrigger asChild>
        <span
          aria-hidden
          tabIndex={-1}
          className="pointer-events-none fixed"
          style={{ top: rect.top, left: rect.left, width: rect.width, height: rect.height }}
        />
      </TooltipTrigger>
      <TooltipContent side="top" className="max-w-sm break-words" onPointerDownOutside={onClose}>
        {tip?.text}
      </TooltipContent>
    </Tooltip>
  );
}
