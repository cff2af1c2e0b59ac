import { describe, expect, it } from 'vitest';
import { describeHistoryItem, type HistoryNames } from '@/features/entries/lib/entry-history';

const names: HistoryNames = {
  categories: new Map([['c1', 'Materiais']]),
  projects: new Map([['p1', 'Casa 001']]),
  bankAccounts: new Map([['b1', 'Conta Obra']]),
};

const norm = (text: string) => text.replace(/\s/g, ' ');

describe('describeHistoryItem', () => {
  it('a payment: its title, money and dates readable, account by name', () => {
    const line = describeHistoryItem(
      {
        action: 'update',
        changed: {
          status: { before: 'pending', after: 'paid' },
          paid_amount: { before: 0, after: 300 },
          payment_date: { before: null, after: '2026-11-23' },
          bank_account_id: { before: null, after: 'b1' },
          updated_at: { before: 'a', after: 'b' },
        },
      },
      'expense',
      names,
    );
    expect(line.title).toBe('Pagamento registrado');
    expect(line.changes.map((c) => `${c.label}: ${norm(c.before)} → ${norm(c.after)}`)).toEqual([
      'Status: Pendente → Pago',
      'Data do pagamento: — → 23/11/2026',
      'Principal quitado: R$ 0,00 → R$ 300,00',
      'Conta bancária: — → Conta Obra',
    ]);
  });

  it('an estorno of a receipt, and an id whose name is unknown is left out', () => {
    const line = describeHistoryItem(
      {
        action: 'update',
        changed: {
          paid_amount: { before: 300, after: 0 },
          project_id: { before: 'p-gone', after: 'p1' },
          payment_method: { before: 'pix', after: 'cash' },
        },
      },
      'income',
      names,
    );
    expect(line.title).toBe('Estorno');
    expect(line.changes.map((c) => c.label)).toEqual(['Principal quitado', 'Forma de pagamento']);
    expect(line.changes[1]).toMatchObject({ before: 'PIX', after: 'Dinheiro' });
  });

  it('a payment with juros: "Valor pago" is what left the account, "Principal quitado" what it settled', () => {
    const changed = {
      paid_amount: { before: 0, after: 400 },
      interest_amount: { before: 0, after: 20 },
      paid_total: { before: 0, after: 420 },
      open_amount: { before: 400, after: 0 },
    };
    const expense = describeHistoryItem({ action: 'update', changed }, 'expense', names);
    expect(expense.changes.map((c) => `${c.label}: ${norm(c.before)} → ${norm(c.after)}`)).toEqual([
      'Valor pago: R$ 0,00 → R$ 420,00',
      'Principal quitado: R$ 0,00 → R$ 400,00',
      'Juros: R$ 0,00 → R$ 20,00',
    ]);
    const income = describeHistoryItem({ action: 'update', changed }, 'income', names);
    expect(income.title).toBe('Recebimento registrado');
    expect(income.changes.map((c) => c.label)).toEqual([
      'Valor recebido',
      'Principal quitado',
      'Juros',
    ]);
  });

  it('a creation lists what was filled in, not the blanks nor the zeroed sums', () => {
    const line = describeHistoryItem(
      {
        action: 'insert',
        changed: {
          id: { before: null, after: 'x' },
          description: { before: null, after: 'Areia' },
          amount: { before: null, after: 10.5 },
          status: { before: null, after: 'pending' },
          paid_amount: { before: null, after: 0 },
          notes: { before: null, after: null },
          category_id: { before: null, after: 'c1' },
        },
      },
      'expense',
      names,
    );
    expect(line.title).toBe('Lançamento criado');
    expect(line.changes.map((c) => `${c.label}: ${norm(c.after)}`)).toEqual([
      'Descrição: Areia',
      'Valor: R$ 10,50',
      'Categoria: Materiais',
    ]);
  });

  it('a site request: its creation says it awaits approval; an ordinary creation does not', () => {
    const request = describeHistoryItem(
      {
        action: 'insert',
        changed: {
          description: { before: null, after: 'Cimento' },
          approval_status: { before: null, after: 'pending' },
        },
      },
      'expense',
      names,
    );
    expect(request.title).toBe('Lançamento criado');
    expect(request.changes.map((c) => `${c.label}: ${c.after}`)).toEqual([
      'Descrição: Cimento',
      'Aprovação: Aguardando aprovação',
    ]);
    const ordinary = describeHistoryItem(
      {
        action: 'insert',
        changed: {
          description: { before: null, after: 'Aluguel' },
          approval_status: { before: null, after: 'approved' },
        },
      },
      'expense',
      names,
    );
    expect(ordinary.changes.map((c) => c.label)).toEqual(['Descrição']);
  });

  it('the decisions: refused with its reason, sent again, approved with the fixed category', () => {
    const refused = describeHistoryItem(
      {
        action: 'update',
        changed: {
          approval_status: { before: 'pending', after: 'refused' },
          approval_reason: { before: null, after: 'Nota ilegível' },
          approval_decided_at: { before: null, after: '2026-11-26T12:00:00Z' },
        },
      },
      'expense',
      names,
    );
    expect(refused.title).toBe('Lançamento recusado');
    expect(refused.changes.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      'Aprovação: Aguardando aprovação → Recusado',
      'Motivo da recusa: — → Nota ilegível',
    ]);
    const resent = describeHistoryItem(
      {
        action: 'update',
        changed: {
          amount: { before: 300, after: 280 },
          approval_status: { before: 'refused', after: 'pending' },
        },
      },
      'expense',
      names,
    );
    expect(resent.title).toBe('Enviado novamente para aprovação');
    const approved = describeHistoryItem(
      {
        action: 'update',
        changed: {
          category_id: { before: null, after: 'c1' },
          approval_status: { before: 'pending', after: 'approved' },
        },
      },
      'expense',
      names,
    );
    expect(approved.title).toBe('Lançamento aprovado');
    expect(approved.changes.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      'Categoria: — → Materiais',
      'Aprovação: Aguardando aprovação → Aprovado',
    ]);
  });
});

describe('describeHistoryItem: rateio (issue 33)', () => {
  it('a split made on an entry shows its parts after, readable, and the obra/categoria cleared', () => {
    const line = describeHistoryItem(
      {
        action: 'update',
        changed: {
          project_id: { before: 'p1', after: null },
          category_id: { before: 'c1', after: null },
          parts: {
            before: null,
            after: [
              { project_id: 'p1', stage_id: null, category_id: 'c1', amount: 10800, percent: 60 },
              { project_id: null, stage_id: null, category_id: null, amount: 7200, percent: 40 },
            ],
          },
        },
      },
      'expense',
      names,
    );
    const parts = line.changes.find((change) => change.column === 'parts');
    expect(parts?.label).toBe('Rateio');
    expect(parts?.before).toBe('—');
    expect(norm(parts?.after ?? '')).toBe(
      'Casa 001 · Materiais: R$ 10.800,00 (60%); Geral · Sem categoria: R$ 7.200,00 (40%)',
    );
    expect(line.changes.find((change) => change.column === 'project_id')?.after).toBe('—');
  });
});
