import { CircleAlert } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** The error list (docs/behaviour/inventory.md#manual-processing): every error of the result. */
export function ErrorListCard({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">Errors</CardTitle>
      </CardHeader>
      <CardContent>
        {/* biome-ignore lint/a11y/noRedundantRoles: list-style none drops the list role in Safari. */}
        <ul role="list" aria-label="Errors" className="space-y-2 text-sm">
          {errors.map((error, index) => (
            <li key={index} className="flex items-start gap-2">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              <span className="min-w-0 break-words">{error}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
