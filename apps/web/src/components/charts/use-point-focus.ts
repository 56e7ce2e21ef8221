/**
 * Keyboard and pointer access to a chart's data points without a tab stop per point: the chart is one focusable
 * element, the arrow keys (Home, End) move between points, and the active point's tooltip is shown.
 */
import { type KeyboardEvent, type MouseEvent, useState } from 'react';

export function usePointFocus(count: number) {
  const [active, setActive] = useState<number | null>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (count === 0) return;
    const current = active ?? -1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? Math.min(count - 1, current + 1)
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? Math.max(0, current < 0 ? count - 1 : current - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : event.key === 'Escape'
                ? null
                : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };
  return {
    active,
    setActive,
    containerProps: {
      tabIndex: 0,
      onKeyDown,
      onFocus: () => setActive((current) => current ?? count - 1),
      onBlur: () => setActive(null),
      onMouseLeave: () => setActive(null),
      // Points are spread evenly across the element: the pointer's share of its width picks one.
      onMouseMove: (event: MouseEvent<HTMLElement>) => {
        const box = event.currentTarget.getBoundingClientRect();
        if (count === 0 || box.width === 0) return;
        const share = (event.clientX - box.left) / box.width;
        setActive(Math.min(count - 1, Math.max(0, Math.floor(share * count))));
      },
    },
  };
}
