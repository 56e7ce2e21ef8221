import type { HeaderDrift } from '@app/contracts';

const isEmpty = (drift: HeaderDrift) =>
  drift.renamed.length + drift.moved.length + drift.missing.length + drift.added.length === 0;

/** How a file's header row differs from the source's last good file (docs/behaviour/runs-and-history.md#header-drift). */
export function HeaderDriftView({
  drift,
  headingLevel = 3,
}: {
  drift: HeaderDrift | null | undefined;
  headingLevel?: 3 | 4;
}) {
  if (!drift || isEmpty(drift)) return null;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const sections: Array<[string, string[]]> = [
    ['Renamed', drift.renamed.map((r) => `"${r.from}" → "${r.to}" (column ${r.index + 1})`)],
    ['Moved', drift.moved.map((m) => `"${m.header}" from column ${m.from + 1} to column ${m.to + 1}`)],
    ['Missing', drift.missing.map((header) => `"${header}"`)],
    ['Added', drift.added.map((header) => `"${header}"`)],
  ];
  return (
    <section aria-label="Header changes" className="space-y-2">
      <Heading className="font-medium text-sm">Header changes since the last good file</Heading>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {sections
          .filter(([, items]) => items.length > 0)
          .map(([label, items]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd>
                <ul className="space-y-0.5">
                  {items.map((item) => (
                    <li key={item} className="break-words">
                      {item}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
