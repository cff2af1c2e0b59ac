import { FileCheck2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useStatementSummary } from '@/features/bank-accounts/api/get-statement-summary';
import { formatCurrency } from '@/lib/money';

function summaryText(lineCount: number, pendingCount: number, differenceCents: number | null) {
  if (lineCount === 0) return 'Importe o extrato do banco (OFX ou CSV) e confira com o sistema.';
  const pending =
    pendingCount === 0
      ? 'Extrato todo conciliado'
      : pendingCount === 1
        ? '1 lançamento do extrato a conciliar'
        : `${pendingCount} lançamentos do extrato a conciliar`;
  if (differenceCents === null) return pending;
  return differenceCents === 0
    ? `${pending} · saldos conferem`
    : `${pending} · diferença de ${formatCurrency(differenceCents)}`;
}

/** The way into Conciliação bancária, with where it stands. */
export function ReconciliationEntry({
  accountId,
  canImport,
}: {
  accountId: string;
  /** A role that may not write reads the reconciliation: no "Importar". */
  canImport: boolean;
}) {
  const summary = useStatementSummary(accountId);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold">Conciliação bancária</p>
          <p className="text-sm text-muted-foreground">
            {summary.data
              ? summaryText(
                  summary.data.lineCount,
                  summary.data.pendingCount,
                  summary.data.differenceCents,
                )
              : 'Importe o extrato do banco (OFX ou CSV) e confira com o sistema.'}
          </p>
        </div>
        <Button asChild variant="outline" className="shrink-0">
          <Link to={`/contas-bancarias/${accountId}/conciliacao`}>
            <FileCheck2 aria-hidden="true" />
            {canImport ? 'Importar extrato (OFX)' : 'Ver conciliação'}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
