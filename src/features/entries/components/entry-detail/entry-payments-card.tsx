import { useState } from 'react';
import { toast } from '@/lib/toast';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import { errorKey } from '@/lib/errors';
import { formatCurrency } from '@/lib/money';
import { useCan } from '@/lib/roles';
import { cn } from '@/lib/utils';
import type { EntryDetail } from '@/features/entries/api/get-entry';
import { useEntryPayments, type EntryPayment } from '@/features/entries/api/get-entry-payments';
import { useReversePayment } from '@/features/entries/api/reverse-payment';
import { EstornoButton } from '@/features/entries/components/estorno-button';
import { toastEntryError } from '@/features/entries/lib/entry-errors';
import { paidTotalLabel, PRINCIPAL_SETTLED_LABEL } from '@/lib/entries';

function partsText(payment: EntryPayment): string | null {
  const parts = [
    payment.interestCents > 0 ? `juros ${formatCurrency(payment.interestCents)}` : null,
    payment.fineCents > 0 ? `multa ${formatCurrency(payment.fineCents)}` : null,
    payment.discountCents > 0 ? `desconto ${formatCurrency(payment.discountCents)}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return `${PRINCIPAL_SETTLED_LABEL} ${formatCurrency(payment.principalCents)} + ${parts.join(', ')}`;
}

function ReversePaymentButton({ entry, payment }: { entry: EntryDetail; payment: EntryPayment }) {
  const [open, setOpen] = useState(false);
  const isExpense = entry.kind === 'expense';
  const reverse = useReversePayment({
    onSuccess: () => {
      setOpen(false);
      toast.success('Estorno realizado', {
        description: `${entry.description} voltou para pendente.`,
      });
    },
    onError: (error) => {
      setOpen(false);
      if (errorKey(error) === 'payment_already_reversed') {
        toast.error('Erro', {
          description: 'Este pagamento já foi estornado em outro aparelho. A tela foi atualizada.',
        });
      } else {
        toastEntryError(error, 'Não foi possível estornar o pagamento.');
      }
    },
  });
  const amount = formatCurrency(payment.amountCents);
  const account = payment.bankAccountName ?? 'a conta bancária';
  const paidOn = formatDate(payment.paidOn);

  return (
    <EstornoButton
      kind={entry.kind}
      aria-label={`Estornar ${isExpense ? 'pagamento' : 'recebimento'} de ${amount} em ${paidOn}`}
      description={
        isExpense
          ? `O pagamento de ${amount} em ${paidOn} será desfeito: ${amount} voltará para ${account} e ${entry.description} ficará pendente.`
          : `O recebimento de ${amount} em ${paidOn} será desfeito: ${amount} sairá de ${account} e ${entry.description} ficará pendente.`
      }
      open={open}
      onOpenChange={setOpen}
      busy={reverse.isPending}
      onConfirm={() => reverse.mutate({ paymentId: payment.id })}
    />
  );
}

/** The payments (Dar Baixa) of the entry: date, account, amount and its parts; estorno of each. */
export function EntryPaymentsCard({ entry }: { entry: EntryDetail }) {
  const payments = useEntryPayments(entry.kind, entry.id);
  const isExpense = entry.kind === 'expense';
  const title = isExpense ? 'Pagamentos' : 'Recebimentos';
  const canReverse = useCan()('write');

  return (
    <Card aria-labelledby="entry-payments-title" role="region">
      <CardHeader>
        <CardTitle id="entry-payments-title">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {payments.status !== 'success' ? (
          <QueryState
            query={payments}
            loadingClassName="py-4"
            error={`Não foi possível carregar os ${title.toLowerCase()}.`}
            compactError
          />
        ) : payments.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {isExpense ? 'Nenhum pagamento registrado.' : 'Nenhum recebimento registrado.'}
          </p>
        ) : (
          <ul className="divide-y" aria-label={title}>
            {payments.data.map((payment) => {
              const parts = partsText(payment);
              return (
                <li
                  key={payment.id}
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3"
                >
                  <div className="grid min-w-0 gap-0.5">
                    <p className="text-xs text-muted-foreground">{paidTotalLabel(entry.kind)}</p>
                    <p
                      className={cn(
                        'font-semibold tabular-nums',
                        payment.reversed && 'line-through',
                      )}
                    >
                      {formatCurrency(payment.amountCents)}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {[formatDate(payment.paidOn), payment.bankAccountName]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {parts ? <p className="text-xs text-muted-foreground">{parts}</p> : null}
                  </div>
                  {payment.reversed ? (
                    <Badge variant="outline">
                      {payment.reversedOn
                        ? `Estornado em ${formatDate(payment.reversedOn)}`
                        : 'Estornado'}
                    </Badge>
                  ) : canReverse ? (
                    <ReversePaymentButton entry={entry} payment={payment} />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
