import { Badge } from '@/components/ui/badge';
import type { EntryKind } from '@/lib/entries';
import { cn } from '@/lib/utils';

/** The Status legend of the Lançar form: what each status of an entry means. */
export function StatusLegend({ kind, className }: { kind: EntryKind; className?: string }) {
  return (
    <section
      aria-labelledby={`status-legend-${kind}`}
      className={cn('grid gap-2 rounded-lg border p-3 text-sm', className)}
    >
      <h3 id={`status-legend-${kind}`} className="font-medium">
        Status
      </h3>
      <dl className="grid gap-1.5">
        <div className="flex items-center gap-2">
          <dt>
            <Badge variant="secondary">Aberto</Badge>
          </dt>
          <dd className="text-muted-foreground">
            Aguardando {kind === 'expense' ? 'pagamento' : 'recebimento'}, no prazo.
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Badge variant="destructive">Atrasado</Badge>
          </dt>
          <dd className="text-muted-foreground">Em aberto com vencimento antes de hoje.</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Badge variant="success">Pago</Badge>
          </dt>
          <dd className="text-muted-foreground">Baixado em uma conta bancária.</dd>
        </div>
      </dl>
    </section>
  );
}
