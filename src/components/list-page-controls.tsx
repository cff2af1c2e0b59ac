// The controls a list screen (fornecedores, obras, contas…) puts above its list: "Novo…" for those
// who may write, and the search box with its magnifier.
import { FileSpreadsheet, Plus, Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCan } from '@/lib/roles';
import { cn } from '@/lib/utils';

/** "+ <label>" linking to a new-record screen; nothing for a role that cannot write. */
export function NewRecordLink({ to, label }: { to: string; label: string }) {
  const canWrite = useCan()('write');
  if (!canWrite) return null;
  return (
    <Button asChild size="sm">
      <Link to={to}>
        <Plus aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}

/**
 * "Importar planilha" in an empty list (fornecedores, clientes, contas): the import screen with the
 * kind chosen (`tipo`, as src/features/imports reads it); nothing for a role that cannot write.
 */
export function ImportSheetLink({
  tipo,
}: {
  tipo: 'fornecedores' | 'clientes' | 'contas_pagar' | 'contas_receber';
}) {
  const canWrite = useCan()('write');
  if (!canWrite) return null;
  return (
    <Button asChild variant="outline">
      <Link to={`/importar?tipo=${tipo}`}>
        <FileSpreadsheet aria-hidden="true" />
        Importar planilha
      </Link>
    </Button>
  );
}

/**
 * A search input (`type="search"`, so "/" focuses it) with the magnifier inside. `label` is an
 * sr-only label before it, for an input named by `id` rather than `aria-label`.
 */
export function SearchField({
  wrapperClassName,
  label,
  ...input
}: Omit<ComponentProps<typeof Input>, 'type'> & {
  /** On the wrapper, e.g. its width and margin. */
  wrapperClassName?: string;
  label?: ReactNode;
}) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      {label}
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input type="search" maxLength={200} className="pl-9" {...input} />
    </div>
  );
}
