import { Link } from 'react-router';

/**
 * An item number linked to "Why this item?" (docs/behaviour/inventory.md#why-this-item). The number stays the
 * link's name and the explanation is its title, so a list or a table cell of items is named by the items alone.
 */
export function WhyThisItemLink({ to, item }: { to: string; item: string }) {
  return (
    <Link to={to} className="underline underline-offset-2" title={`Why this item? ${item}`}>
      {item}
    </Link>
  );
}
