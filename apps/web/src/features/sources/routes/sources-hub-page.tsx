import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { usePermissions } from '@/shared/auth/api/session';
import { sourceCardsFor } from '../lib/source-cards';

export function SourcesHubPage() {
  const cards = sourceCardsFor(usePermissions());

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="font-semibold text-2xl tracking-tight">Sources</h1>
        <p className="text-muted-foreground">
          Configure where files come from and who is notified about them.
        </p>
      </div>
      {cards.length === 0 ? (
        <p className="text-muted-foreground">Your account has no access to any sources.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <li key={card.to} className="flex">
              <Card className="w-full justify-between">
                <CardHeader>
                  <CardTitle>
                    <h2>{card.title}</h2>
                  </CardTitle>
                  <CardDescription>{card.description}</CardDescription>
                </CardHeader>
                <CardFooter>
                  <Button asChild variant="outline" size="sm">
                    <Link to={card.to}>
                      Open<span className="sr-only"> {card.title}</span>
                      <ArrowRight aria-hidden />
                    </Link>
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
