import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ListPageView } from './list-page-view';

interface Item {
  id: number;
  name: string;
}

const loaded = (data: Item[]) => ({ isPending: false, isError: false, data, refetch: () => {} });

/** The page's markup at an address (no DOM in these tests: the server render of the first paint). */
function render(list: Parameters<typeof ListPageView<Item>>[0]['list'], address = '/things') {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[address]}>
      <ListPageView<Item>
        title="Things"
        addHref="/things/edit/0"
        list={list}
        loadFailed="Failed to load things"
        empty="No things found."
        table={(items) => <table data-testid="table">{items.map((item) => item.name).join(',')}</table>}
        card={(item) => <article>{item.name}</article>}
        nameOf={(item) => item.name}
        remove={async () => {}}
      />
    </MemoryRouter>,
  );
}

describe('ListPageView', () => {
  it('shows the title, the view switcher and Add Source', () => {
    const html = render(loaded([]));
    expect(html).toContain('<h1 class="font-semibold text-2xl tracking-tight">Things</h1>');
    expect(html).toContain('href="/things/edit/0"');
    expect(html).toContain('Add Source');
    expect(html).toContain('aria-label="Table view"');
  });

  it('shows placeholders while the list loads', () => {
    const html = render({ isPending: true, isError: false, data: undefined, refetch: () => {} });
    expect(html).toContain('data-slot="skeleton"');
    expect(html).not.toContain('data-testid="table"');
  });

  it('shows the load failure with Try again', () => {
    const html = render({ isPending: false, isError: true, data: undefined, refetch: () => {} });
    expect(html).toContain('Failed to load things');
    expect(html).toContain('Try again');
  });

  it('shows the table by default, and the cards when the address asks for them', () => {
    const items = [
      { id: 1, name: 'alpha' },
      { id: 2, name: 'beta' },
    ];
    expect(render(loaded(items))).toContain('<table data-testid="table">alpha,beta</table>');
    const cards = render(loaded(items), '/things?view=cards');
    expect(cards).toContain('<li class="flex"><article>alpha</article></li>');
    expect(cards).not.toContain('data-testid="table"');
  });

  it('says so when there are no cards to show', () => {
    expect(render(loaded([]), '/things?view=cards')).toContain('No things found.');
  });
});
