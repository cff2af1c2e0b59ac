import { PenLine } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Amount } from '@/components/amount';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useObraHome, type ObraHomeEntry } from '@/features/entries/api/get-obra-home';
import { useCurrentCompany } from '@/lib/current-company';
import { formatDate } from '@/lib/dates';
import { APPROVAL_LABELS } from '@/lib/entries';
import { toCents } from '@/lib/money';

const STATUS_LABELS: Record<string, string> = { pending: 'Pendente', paid: 'Pago' };

/** Awaiting approval or refused says so; an approved entry shows whether it was paid. */
function statusLabel(entry: ObraHomeEntry): string {
  const approval = entry.approval_status;
  if (approval === 'pending' || approval === 'refused') return APPROVAL_LABELS[approval];
  return STATUS_LABELS[entry.status] ?? entry.status;
}

function EntryList({ entries, label }: { entries: ObraHomeEntry[]; label: string }) {
  if (entries.length === 0) {
    return <p className="text-sm text-muted-foreground">Nenhum lançamento.</p>;
  }
  return (
    <ul aria-label={label} className="divide-y rounded-md border">
      {entries.map((entry) => (
        <li key={entry.id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 p-3">
          <Link
            to={`/lancamentos/expense/${entry.id}`}
            className="break-words font-medium hover:underline"
          >
            {entry.description}
          </Link>
          <Amount cents={toCents(entry.amount)} className="font-semibold" />
          <p className="break-words text-sm text-muted-foreground">
            {entry.project_name} · vence {formatDate(entry.due_date)}
            {entry.share_only ? ' · Rateio: sua parte' : ''}
          </p>
          <Badge
            variant={entry.status === 'paid' ? 'secondary' : 'outline'}
            className="justify-self-end"
          >
            {statusLabel(entry)}
          </Badge>
          {entry.approval_status === 'refused' && entry.approval_reason ? (
            <p className="col-span-2 break-words text-sm text-destructive">
              Motivo da recusa: {entry.approval_reason}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Home of an Engenheiro / Encarregado: the open entries of their obras and what they recorded,
 * with its status; no bank balance nor company total (the database would refuse them anyway).
 */
export function ObraHome() {
  const company = useCurrentCompany();
  const entries = useObraHome();
  return (
    <div className="grid grid-cols-1 gap-5">
      <header>
        <h1 className="text-xl font-bold lg:text-2xl">
          Olá, {company.fullName.trim() || 'Usuário'}
        </h1>
        <p className="text-sm text-muted-foreground">{company.name.trim() || 'Empresa'}</p>
      </header>
      <Button asChild size="lg" className="justify-self-start">
        <Link to="/pagar">
          <PenLine aria-hidden="true" />
          Lançar despesa da obra
        </Link>
      </Button>
      <QueryState query={entries} error="Erro ao carregar os lançamentos das suas obras">
        {(rows) => (
          <>
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Pendentes das suas obras</CardTitle>
              </CardHeader>
              <CardContent>
                <EntryList
                  label="Pendentes das suas obras"
                  entries={rows.filter(
                    (row) => row.status !== 'paid' && row.approval_status === 'approved',
                  )}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Seus lançamentos</CardTitle>
              </CardHeader>
              <CardContent>
                <EntryList
                  label="Seus lançamentos"
                  entries={rows
                    .filter((row) => row.created_by === company.userId)
                    .sort((a, b) => b.created_at.localeCompare(a.created_at))}
                />
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
