// One row of the entry_payments view as the app holds it: the entry's payments card and the
// accountant's package read the same view, so its money columns are mapped once here.
import type { Database } from '@/lib/database.types';
import { toCents } from '@/lib/money';

type PaymentRow = Database['public']['Views']['entry_payments']['Row'];

/** What every reader of a payment (Dar Baixa) shows, besides its id and date. */
export interface PaymentFigures {
  bankAccountName: string | null;
  /** What moved: principal + juros + multa − desconto. */
  amountCents: number;
  principalCents: number;
  interestCents: number;
  fineCents: number;
  discountCents: number;
  reversed: boolean;
  reversedOn: string | null;
}

/** The columns `paymentFigures` reads. */
export const PAYMENT_FIGURE_COLUMNS =
  'bank_account_name, amount, principal_amount, interest_amount, fine_amount, discount_amount, reversed, reversed_on';

const cents = (value: number | null) => (value == null ? 0 : toCents(value));

export function paymentFigures(
  row: Pick<
    PaymentRow,
    | 'bank_account_name'
    | 'amount'
    | 'principal_amount'
    | 'interest_amount'
    | 'fine_amount'
    | 'discount_amount'
    | 'reversed'
    | 'reversed_on'
  >,
): PaymentFigures {
  return {
    bankAccountName: row.bank_account_name,
    amountCents: cents(row.amount),
    principalCents: cents(row.principal_amount),
    interestCents: cents(row.interest_amount),
    fineCents: cents(row.fine_amount),
    discountCents: cents(row.discount_amount),
    reversed: row.reversed === true,
    reversedOn: row.reversed_on,
  };
}
