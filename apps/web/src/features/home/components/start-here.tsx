/**
 * Beyond the spec, between its texts and its table on a fresh install (docs/behaviour/home.md#start-here): while no source exists
 * yet, the first two steps — an e-mail source, then an order tracking source that reads its mail — each linking
 * to its editor, for the users who may open that editor. It disappears once both exist.
 */
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Mail, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { emailSourcesQueryOptions, orderTrackingSourcesQueryOptions } from '@/lib/source-lists';
import { usePermissions } from '@/shared/auth/api/session';

interface Step {
  key: string;
  done: boolean;
  title: string;
  text: string;
  href: string;
  action: string;
  icon: ReactNode;
}

export function StartHere() {
  const permissions = usePermissions();
  // E-mail sources are open to any source flag; order tracking sources to order users.
  const emailSources = useQuery({ ...emailSourcesQueryOptions(), enabled: permissions.anySourceFlag });
  const trackingSources = useQuery({
    ...orderTrackingSourcesQueryOptions(),
    enabled: permissions.orderUser,
  });

  const steps: Step[] = [];
  if (permissions.anySourceFlag && emailSources.data) {
    steps.push({
      key: 'email',
      done: emailSources.data.length > 0,
      title: 'Add an e-mail source',
      text: 'The mailbox the suppliers’ files arrive in, and the server that sends mail.',
      href: '/email-sources/edit/0',
      action: 'Add an e-mail source',
      icon: <Mail aria-hidden />,
    });
  }
  if (permissions.orderUser && trackingSources.data) {
    steps.push({
      key: 'order-tracking',
      done: trackingSources.data.length > 0,
      title: 'Add an order tracking source',
      text: 'Which e-mails carry a supplier’s shipment file, and how its columns map to orders.',
      href: '/order-tracking-sources/edit/0',
      action: 'Add an order tracking source',
      icon: <Truck aria-hidden />,
    });
  }
  if (steps.length === 0 || steps.every((step) => step.done)) return null;

  return (
    <Card aria-labelledby="start-here-title" role="region" className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 id="start-here-title">Start here</h2>
        </CardTitle>
        <CardDescription>No source is set up yet. Two steps bring the first orders in:</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 md:grid-cols-2">
          {steps.map((step, index) => (
            <li key={step.key} className="flex flex-col gap-2 rounded-md border p-4">
              <p className="flex items-center gap-2 font-medium">
                <span className="text-muted-foreground tabular-nums">{index + 1}.</span>
                {step.title}
                {step.done && (
                  <span className="inline-flex items-center gap-1 text-emerald-700 text-sm dark:text-emerald-400">
                    <CircleCheck className="size-4" aria-hidden />
                    Done
                  </span>
                )}
              </p>
              <p className="text-muted-foreground text-sm">{step.text}</p>
              {!step.done && (
                <Button asChild variant="outline" size="sm" className="self-start">
                  <Link to={step.href}>
                    {step.icon}
                    {step.action}
                  </Link>
                </Button>
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
