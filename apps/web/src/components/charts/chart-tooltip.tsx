/** The tooltip box of the Recharts charts: themed like a popover, lines of text (never colour alone). */
export function ChartTooltipBox({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-popover-foreground text-xs shadow-md">
      <p className="font-medium">{title}</p>
      {lines.map((line) => (
        <p key={line} className="tabular-nums">
          {line}
        </p>
      ))}
    </div>
  );
}

/** Axis and grid styling shared by the charts, from the theme's variables. */
export const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
export const GRID_STROKE = 'var(--border)';
