import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-muted-foreground" aria-hidden="true">
        404
      </p>
      <h1 className="text-xl font-semibold">Página não encontrada</h1>
      <Link to="/" className={buttonVariants({ variant: 'default' })}>
        Return to Home
      </Link>
    </main>
  );
}
