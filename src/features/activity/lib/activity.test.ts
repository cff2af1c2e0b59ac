import { describe, expect, it } from 'vitest';
import {
  activitySubject,
  DEFAULT_ACTIVITY_FILTERS,
  describeChanges,
  ENTITY_LABELS,
  toActivityArgs,
  toEntity,
} from '@/features/activity/lib/activity';
import { withDistinctNames } from '@/features/activity/api/get-people';
import { formatCurrency } from '@/lib/money';

describe('describeChanges', () => {
  it('labels columns in Portuguese and formats money, dates, yes/no and known values', () => {
    expect(
      describeChanges({
        amount: { before: 10, after: 12.5 },
        due_date: { before: '2026-03-01', after: '2026-03-10' },
        is_active: { before: true, after: false },
        status: { before: 'pending', after: 'paid' },
        updated_at: { before: 'x', after: 'y' },
        category_id: { before: 'a', after: 'b' },
        color: { before: 'blue', after: 'green' },
      }),
    ).toEqual([
      {
        column: 'amount',
        label: 'Valor',
        before: formatCurrency(1000),
        after: formatCurrency(1250),
      },
      { column: 'due_date', label: 'Vencimento', before: '01/03/2026', after: '10/03/2026' },
      { column: 'status', label: 'Status', before: 'Pendente', after: 'Pago' },
      { column: 'category_id', label: 'Categoria', before: null, after: null },
      { column: 'color', label: 'Cor', before: 'Azul', after: 'Verde' },
      { column: 'is_active', label: 'Ativo', before: 'Sim', after: 'Não' },
    ]);
    expect(describeChanges(null)).toEqual([]);
  });

  it('names the two figures of a payment as Dar Baixa and the Histórico do', () => {
    const changed = {
      paid_amount: { before: 0, after: 400 },
      paid_total: { before: 0, after: 420 },
    };
    expect(describeChanges(changed, 'expense').map((c) => c.label)).toEqual([
      'Valor pago',
      'Principal quitado',
    ]);
    expect(describeChanges(changed, 'income').map((c) => c.label)).toEqual([
      'Valor recebido',
      'Principal quitado',
    ]);
    // A ledger row of that payment: its principal, under the same words.
    expect(describeChanges({ principal_amount: { before: null, after: 400 } })[0]?.label).toBe(
      'Principal quitado',
    );
  });

  it('says what an imported statement brought: its lines are recorded by it, not one by one', () => {
    expect(
      describeChanges({
        file_name: { before: null, after: 'extrato-novembro.ofx' },
        line_count: { before: null, after: 500 },
        ledger_balance: { before: null, after: 1234.5 },
        new_line_count: { before: 0, after: 480 },
      }).map((c) => [c.label, c.after]),
    ).toEqual([
      ['Arquivo', 'extrato-novembro.ofx'],
      ['Lançamentos no arquivo', '500'],
      ['Lançamentos novos', '480'],
      ['Saldo do banco', formatCurrency(123450)],
    ]);
  });

  it('names the row by its description or name', () => {
    expect(activitySubject({ description: { before: null, after: 'Areia' } })).toBe('Areia');
    expect(activitySubject({ name: { before: 'Banco X', after: null } })).toBe('Banco X');
    expect(activitySubject({ notes: { before: null, after: 'x' } })).toBeNull();
    expect(activitySubject({ email: { before: null, after: 'ana@example.com' } })).toBe(
      'ana@example.com',
    );
  });
});

describe('the kinds of every audited table', () => {
  it('names each entity company_activity returns in Portuguese', () => {
    // The entities of company_activity (migration 20261126030100), one per audited table.
    const entities = [
      'entry',
      'payment',
      'transfer',
      'bank_account',
      'category',
      'supplier',
      'client',
      'project',
      'member',
      'supplier_order',
      'supplier_product',
      'team_member',
      'stage',
      'company',
      'invitation',
      'statement',
      'statement_line',
    ];
    expect(entities.filter((e) => toEntity(e) === null)).toEqual([]);
    expect(ENTITY_LABELS).toMatchObject({
      supplier_order: 'Pedido',
      supplier_product: 'Produto',
      team_member: 'Equipe da obra',
      company: 'Empresa',
      invitation: 'Convite',
    });
  });

  it("describes an order, a product and an invitation's columns in Portuguese", () => {
    expect(
      describeChanges({
        status: { before: 'pending', after: 'delivered' },
        delivery_date: { before: null, after: '2026-03-12' },
        price: { before: 30, after: 32.5 },
        frequency: { before: 'mensal', after: 'semanal' },
        invited_by: { before: null, after: 'u' },
      }).map((c) => [c.label, c.before, c.after]),
    ).toEqual([
      ['Status', 'Pendente', 'Entregue'],
      ['Entrega', '—', '12/03/2026'],
      ['Preço', formatCurrency(3000), formatCurrency(3250)],
      ['Frequência', 'Mensal', 'Semanal'],
      ['Convidado por', null, null],
    ]);
    const [expiry] = describeChanges({
      expires_at: { before: '2026-03-01T12:00:00+00:00', after: '2026-03-08T12:00:00+00:00' },
    });
    expect(expiry?.label).toBe('Expira em');
    expect(expiry?.after).toMatch(/^08\/03\/2026,? \d{2}:\d{2}$/);
  });

  it('an accepted invitation names who accepted it, never "alterado"', () => {
    const people: Record<string, string> = { u1: 'Ana Souza', u2: 'Paula Admin' };
    const person = (id: string) => people[id];
    expect(
      describeChanges(
        {
          accepted_at: { before: null, after: '2026-03-08T12:00:00+00:00' },
          accepted_by: { before: null, after: 'u1' },
          invited_by: { before: 'u2', after: 'u2' },
          approval_decided_by: { before: null, after: 'gone' },
        },
        null,
        person,
      ).map((c) => [c.label, c.before, c.after]),
    ).toEqual([
      ['Aceito em', '—', expect.stringMatching(/^08\/03\/2026/) as unknown],
      ['Convidado por', 'Paula Admin', 'Paula Admin'],
      ['Aceito por', '—', 'Ana Souza'],
      ['Decidido por', '—', 'Pessoa removida'],
    ]);
  });

  it('masks CNPJ/CPF and CEP as the forms do', () => {
    expect(
      describeChanges({
        document: { before: '52998224725', after: '12345678000195' },
        zip_code: { before: null, after: '01310100' },
      }).map((c) => [c.label, c.before, c.after]),
    ).toEqual([
      ['CNPJ/CPF', '529.982.247-25', '12.345.678/0001-95'],
      ['CEP', '—', '01310-100'],
    ]);
  });
});

describe('toActivityArgs', () => {
  it('sends only the filters chosen, the period as local dates', () => {
    expect(toActivityArgs('c', DEFAULT_ACTIVITY_FILTERS, '2026-03-15')).toEqual({
      p_company_id: 'c',
    });
    expect(
      toActivityArgs(
        'c',
        { ...DEFAULT_ACTIVITY_FILTERS, actor: 'u', entity: 'supplier', period: 'last30' },
        '2026-03-15',
      ),
    ).toEqual({
      p_company_id: 'c',
      p_actor: 'u',
      p_table: 'supplier',
      p_start: '2026-02-14',
      p_end: '2026-03-15',
    });
  });
});

describe('the people of the filter', () => {
  it('tells apart two people who gave themselves the same name by their e-mail', () => {
    expect(
      withDistinctNames([
        { id: '1', name: 'Admin A', email: 'ana@example.com' },
        { id: '2', name: 'Admin A', email: 'joao@example.com' },
        { id: '3', name: 'Paula', email: 'paula@example.com' },
      ]),
    ).toEqual([
      { id: '1', name: 'Admin A (ana@example.com)' },
      { id: '2', name: 'Admin A (joao@example.com)' },
      { id: '3', name: 'Paula' },
    ]);
  });
});
