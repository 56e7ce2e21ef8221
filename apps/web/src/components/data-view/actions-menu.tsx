import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export interface ActionsMenuItem {
  label: string;
  /** Run when chosen; optional when `href` is given. */
  onSelect?: () => void;
  /** In-app route: the item renders as a link (middle-click / open in new tab work). */
  href?: string;
  destructive?: boolean;
  icon?: ReactNode;
  disabled?: boolean;
}

/** A row's "…" menu: an icon button named 'Actions' (or `triggerLabel`) opening a menu of `items`. */
export function ActionsMenu({
  items,
  triggerLabel = 'Actions',
  align = 'end',
}: {
  items: ActionsMenuItem[];
  triggerLabel?: string;
  align?: 'start' | 'center' | 'end';
}) {
  return (
    // Not modal: a dialog opened from an item would otherwise find the page left inert by the closing menu.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={triggerLabel}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align}>
        {items.map((item) =>
          item.href ? (
            <DropdownMenuItem
              key={item.label}
              asChild
              variant={item.destructive ? 'destructive' : 'default'}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              <Link to={item.href}>
                {item.icon}
                {item.label}
              </Link>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem
              key={item.label}
              variant={item.destructive ? 'destructive' : 'default'}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.icon}
              {item.label}
            </DropdownMenuItem>
          ),
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
