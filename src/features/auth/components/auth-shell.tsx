import { Wallet } from 'lucide-react';
import type { ReactNode } from 'react';

interface AuthShellProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The public screens' frame: the narrow centred column with the app's mark and a title. */
export function AuthShell({ title, description, children }: AuthShellProps) {
  return (
    <main className="min-h-dvh bg-muted/40 px-4 py-8">
      <div className="mx-auto grid w-full max-w-md gap-6">
        <header className="grid justify-items-center gap-2 text-center">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-sm">
            <Wallet className="size-7" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </header>
        {children}
      </div>
    </main>
  );
}
