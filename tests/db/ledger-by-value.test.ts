// A bank account's history paged in SQL (account_ledger's p_limit / p_offset) in every order, with
// estornos and transfers in it: reversed payments, a reversed transfer, a transfer standing, equal
// amounts of both directions. Pages must join up to exactly the unpaged rows (p_limit null) sorted
// here in the documented order, with estornos left out (the standing rows) and listed (every row,
// reversed ones flagged). The standing rows are an anti-join in the paged statement, the page read
// from the account's index in its order: these pages are what proves it keeps the same rows.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

let owner: Member;
let accountId: string;
let otherAccountId: string;

type Row = {
  id: string;
  transaction_date: string;
  created_at: string;
  signed_amount: number;
  reversed: boolean;
  reversal_of: string | null;
  type: string;
  counterpart_account_id: string | null;
};

const ORDERS = ['value_desc', 'value_asc', 'date_desc', 'date_asc'] as const;
type Order = (typeof ORDERS)[number];

/** created_at as a sortable text (Postgres trims trailing zeros of the microseconds). */
function micro(at: string): string {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/.exec(at)!;
  return `${m[1]}.${(m[2] ?? '').padEnd(6, '0')}${m[3]}`;
}

const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** The orders as account_ledger documents them (every order ends with id ascending). */
function sorted(rows: Row[], order: Order): Row[] {
  return [...rows].sort((a, b) => {
    const date = cmp(a.transaction_date, b.transaction_date);
    const at = cmp(micro(a.created_at), micro(b.created_at));
    const id = cmp(a.id, b.id);
    if (order === 'date_asc') return date || at || id;
    if (order === 'date_desc') return -date || -at || id;
    const value = cmp(Number(a.signed_amount), Number(b.signed_amount));
    return (order === 'value_desc' ? -value : value) || -date || -at || id;
  });
}

async function ledger(args: Record<string, unknown>) {
  const { data, error } = await owner.client.rpc('account_ledger', {
    p_bank_account_id: accountId,
    ...args,
  });
  expect(error).toBeNull();
  return data as unknown as Row[];
}

beforeAll(async () => {
  owner = await createMember('Construtora Extrato por Valor');
  accountId = (await createBankAccount(owner, 5000, { name: 'Conta Extrato' })).id;
  otherAccountId = (await createBankAccount(owner, 5000, { name: 'Conta Outra' })).id;
  // Equal amounts on purpose (in and out, same day), so every term of the order decides somewhere.
  const amounts = [300, 50, 300, 1200, 50, 75.5];
  for (const [i, amount] of amounts.entries()) {
    const day = `2026-05-${String(10 + (i % 3)).padStart(2, '0')}`;
    const p = await createPayable(owner, amount, { description: `Pagamento ${i}`, due_date: day });
    await settlePayable(owner, p.id, accountId, day);
    const r = await createReceivable(owner, amount, {
      description: `Recebimento ${i}`,
      due_date: day,
    });
    await settleReceivable(owner, r.id, accountId, day);
  }
  // Two payments reversed (an estorno row each; the rows they reverse no longer stand).
  const { data: payments, error } = await owner.client
    .from('transactions')
    .select('id')
    .eq('bank_account_id', accountId)
    .eq('type', 'expense')
    .eq('amount', 300);
  expect(error).toBeNull();
  expect(payments).toHaveLength(2);
  for (const payment of payments!) {
    const reversed = await owner.client.rpc('reverse_payment', {
      p_payment_id: payment.id,
      p_reversed_on: '2026-05-20',
    });
    expect(reversed.error).toBeNull();
  }
  // Transfers both ways, of amounts the payments also have; one of them reversed.
  const transfers: [string, string, number][] = [
    [accountId, otherAccountId, 300],
    [otherAccountId, accountId, 50],
    [accountId, otherAccountId, 1200],
  ];
  const groups: string[] = [];
  for (const [from, to, amount] of transfers) {
    const { data, error: transferError } = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from,
      p_to_account_id: to,
      p_amount: amount,
      p_transfer_date: '2026-05-11',
    });
    expect(transferError).toBeNull();
    groups.push(data as string);
  }
  const reversed = await owner.client.rpc('reverse_transfer', {
    p_transfer_group_id: groups[2]!,
    p_reversed_on: '2026-05-21',
  });
  expect(reversed.error).toBeNull();
});

describe('account_ledger in pages, estornos and transfers present', () => {
  it('the unpaged rows are the standing ones, or every one with estornos flagged', async () => {
    const standing = await ledger({});
    const every = await ledger({ p_include_reversed: true });
    // 12 settlements and 3 transfer rows; 2 payments and 1 transfer reversed, 3 estorno rows.
    expect(every).toHaveLength(18);
    expect(standing).toHaveLength(12 - 2 + 2);
    expect(standing.every((r) => !r.reversed && r.reversal_of === null)).toBe(true);
    const reversedIds = new Set(every.filter((r) => r.reversed).map((r) => r.id));
    expect(reversedIds.size).toBe(6);
    expect(standing.some((r) => reversedIds.has(r.id))).toBe(false);
    expect(standing.filter((r) => r.type === 'transfer')).toHaveLength(2);
    expect(
      standing
        .filter((r) => r.type === 'transfer')
        .every((r) => r.counterpart_account_id === otherAccountId),
    ).toBe(true);
  });

  it('pages in every order join up to the unpaged rows sorted, with and without estornos', async () => {
    for (const include of [false, true]) {
      const whole = await ledger({ p_include_reversed: include });
      for (const order of ORDERS) {
        for (const size of [4, 5]) {
          const rows: Row[] = [];
          for (let offset = 0; ; offset += size) {
            const page = await ledger({
              p_include_reversed: include,
              p_order: order,
              p_limit: size,
              p_offset: offset,
            });
            rows.push(...page);
            if (page.length < size) break;
          }
          expect({ include, order, size, rows }).toEqual({
            include,
            order,
            size,
            rows: sorted(whole, order),
          });
        }
      }
    }
  });
});
