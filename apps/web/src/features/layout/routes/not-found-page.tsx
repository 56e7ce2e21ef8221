import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="font-semibold text-muted-foreground text-sm">404</p>
      <h1 className="font-semibold text-3xl tracking-tight">Page not found</h1>
      <p className="max-w-md text-muted-foreground">
        The page you are looking for does not exist or has moved. Check the address, or go back to the home
        page.
      </p>
      <Button asChild className="mt-2">
        <Link to="/home">Back to Home</Link>
      </Button>
    </section>
  );
}
