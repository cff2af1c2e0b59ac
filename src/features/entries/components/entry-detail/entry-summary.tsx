import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate, isOverdue, todayLocal } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import { paymentState, type EntryDetail } from '@/features/entries/api/get-entry';
import { APPROVAL_LABELS, paidTotalLabel, PRINCIPAL_SETTLED_LABEL } from '@/lib/entries';
import { paymentMethodLabel } from '@/features/entries/lib/entry-history';
import { PaymentCodes } from '@/features/entries/components/capture/payment-code-copy';
import { EntryParts } from '@/features/entries/components/entry-detail/entry-parts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-2 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm font-medium">{children}</dd>
    </div>
  );
}

export function EntryStatusBadge({ entry }: { entry: EntryDetail }) {
  // Not approved yet (or refused): not a bill, so no payment state to tell.
  if (entry.approvalStatus === 'pending') {
    return <Badge variant="warning">{APPROVAL_LABELS.pending}</Badge>;
  }
  if (entry.approvalStatus === 'refused') {
    return <Badge variant="destructive">{APPROVAL_LABELS.refused}</Badge>;
  }
  const state = paymentState(entry);
  if (state === 'paid') {
    return <Badge variant="success">{entry.kind === 'expense' ? 'Pago' : 'Recebido'}</Badge>;
  }
  if (state === 'partial') {
    return (
      <Badge variant="warning">
        {entry.kind === 'expense' ? 'Parcialmente pago' : 'Parcialmente recebido'}
      </Badge>
    );
  }
  return isOverdue(entry.dueDate, todayLocal()) ? (
    <Badge variant="destructive">Atrasado</Badge>
  ) : (
    <Badge variant="secondary">Aberto</Badge>
  );
}

function seriesText(entry: EntryDetail): string | null {
  if (entry.installmentNumber && entry.installmentCount) {
    return `Parcela ${entry.installmentNumber} de ${entry.installmentCount}`;
  }
  if (entry.seriesKind === 'recurrence') return 'Lançamento recorrente';
  return null;
}

/** Every field of the entry, as the user typed it, and where its money stands. */
export function EntrySummary({ entry }: { entry: EntryDetail }) {
  const isExpense = entry.kind === 'expense';
  const state = paymentState(entry);
  const series = seriesText(entry);
  const method = entry.paymentMethod ? paymentMethodLabel(entry.paymentMethod) : null;

  return (
    <Card>
      <CardContent className="pt-5">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 border-b pb-4">
          <div className="grid gap-1">
            <p className="text-sm text-muted-foreground">
              {entry.shareOnly ? 'Sua parte do rateio' : 'Valor'}
            </p>
            <p
              className={cn(
                'text-2xl font-bold tabular-nums',
                isExpense ? 'text-expense' : 'text-income',
              )}
            >
              {formatCurrency(entry.amountCents)}
            </p>
          </div>
          <EntryStatusBadge entry={entry} />
        </div>

        {entry.shareOnly ? (
          <p className="break-words border-b py-3 text-sm text-muted-foreground">
            Este lançamento é dividido com outras obras: você vê apenas a parte das suas obras.
          </p>
        ) : null}

        {entry.approvalStatus === 'refused' && entry.approvalReason ? (
          <p className="break-words border-b py-3 text-sm text-destructive">
            Motivo da recusa: {entry.approvalReason}
          </p>
        ) : null}

        {state !== 'open' ? (
          // The same two figures, under the same words, as Dar Baixa and the Histórico:
          // "Valor pago" = what left (entered) the account, juros and multa in, desconto out;
          // "Principal quitado" = the part of the entry's value it settled.
          <dl
            aria-label="Situação do pagamento"
            className="grid grid-cols-2 gap-3 border-b py-4 text-sm"
          >
            <div className="col-span-2">
              <dt className="text-muted-foreground">{paidTotalLabel(entry.kind)}</dt>
              <dd className="font-semibold tabular-nums">
                {formatCurrency(entry.paidTotalCents)}
                {entry.paidTotalCents !== entry.paidCents ? (
                  <>
                    {' '}
                    <span className="text-xs font-normal text-muted-foreground">
                      (com juros, multa e desconto)
                    </span>
                  </>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{PRINCIPAL_SETTLED_LABEL}</dt>
              <dd className="font-semibold tabular-nums">{formatCurrency(entry.paidCents)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Em aberto</dt>
              <dd className="font-semibold tabular-nums">{formatCurrency(entry.openCents)}</dd>
            </div>
          </dl>
        ) : null}

        <dl className="divide-y">
          <Field label="Descrição">{entry.description}</Field>
          <Field label={isExpense ? 'Fornecedor' : 'Cliente'}>
            {entry.counterpartyName ?? 'Não informado'}
          </Field>
          <Field label="Vencimento">{formatDate(entry.dueDate)}</Field>
          {entry.settledOn ? (
            <Field label={isExpense ? 'Pago em' : 'Recebido em'}>
              {formatDate(entry.settledOn)}
            </Field>
          ) : null}
          {entry.parts ? (
            <EntryParts
              kind={entry.kind}
              parts={entry.parts}
              totalCents={entry.amountCents}
              shareOnly={entry.shareOnly}
            />
          ) : (
            <>
              <Field label="Obra">{entry.projectName ?? 'Geral'}</Field>
              {entry.stageName ? <Field label="Etapa">{entry.stageName}</Field> : null}
              <Field label="Categoria">
                {entry.categoryName ?? (entry.shareOnly ? 'Rateio' : 'Sem categoria')}
              </Field>
            </>
          )}
          <Field label="Conta bancária">{entry.bankAccountName ?? 'Não definida'}</Field>
          <Field label="Forma de pagamento">{method ?? 'Não definida'}</Field>
          {series ? <Field label="Série">{series}</Field> : null}
          {entry.nfeKey ? <Field label="Chave da NF-e">{entry.nfeKey}</Field> : null}
          <Field label="Observações">
            {entry.notes ? (
              <span className="whitespace-pre-line">{entry.notes}</span>
            ) : (
              <span className="text-muted-foreground">Nenhuma</span>
            )}
          </Field>
        </dl>
        {entry.boletoCode || entry.pixCode ? (
          <div className="border-t pt-4">
            <PaymentCodes boletoCode={entry.boletoCode} pixCode={entry.pixCode} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
