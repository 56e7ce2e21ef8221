/** The item search of an inventory source: an item number opens "Why this item?" for it. */
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { itemHistoryPath } from '@/shared/inventory-history/api/inventory-history';

export function ItemSearch({ sourceId, initial = '' }: { sourceId: number; initial?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [item, setItem] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      aria-label="Item search"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const itemNumber = item.trim();
        if (itemNumber === '') {
          setError('Enter an item number');
          return;
        }
        setError(null);
        navigate(itemHistoryPath(sourceId, itemNumber));
      }}
    >
      <div className="flex min-w-48 flex-1 flex-col gap-1.5">
        <Label htmlFor={`${id}-item`}>Item number</Label>
        <Input
          id={`${id}-item`}
          value={item}
          onChange={(event) => setItem(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
        />
      </div>
      <Button type="submit" variant="outline">
        <Search aria-hidden />
        Why this item?
      </Button>
      {error && (
        <p id={`${id}-error`} className="w-full text-destructive text-sm">
          {error}
        </p>
      )}
    </form>
  );
}
