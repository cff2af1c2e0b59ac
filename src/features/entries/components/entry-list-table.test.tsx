import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import type { Entry, EntryKind } from '@/lib/entries';
import { createQueryClient } from '@/lib/query-client';
import { billCount } from '@/features/entries/components/entry-list-screen';
import { EntryListRow } from '@/features/entries/components/entry-list-row';
import { EntryListTable } from '@/features/entries/components/entry-list-table';

const company: CurrentCompany = {
  id: '0b6f2c1e-4a3d-4f7a-9c1e-2d3b4a5c6d7e',
  name: 'Construtora Teste',
  role: 'financeiro',
  userId: '1c7f3d2e-5b4e-4a8b-8d2f-3e4c5b6d7e8f',
  email: 'paula@example.com',
  fullName: 'Paula',
};

function entry(kind: EntryKind): Entry {
  return {
    kind,
    id: '6bce8c7d-a09d-4fd0-9c7e-8d9b0a1c2d34',
    description: kind === 'expense' ? 'Tijolos' : 'Parcela Casa 002',
    amountCents: 48000,
    paidCents: 0,
    openCents: 48000,
    dueDate: '2026-11-20',
    status: 'pending',
    settledOn: null,
    counterpartyName: null,
    projectId: null,
    projectName: null,
    categoryId: null,
    categoryName: null,
    categoryColor: null,
    bankAccountId: null,
    bankAccountName: null,
    installmentNumber: null,
    installmentCount: null,
    createdAt: null,
    documentCount: 0,
  };
}

function renderBoth(kind: EntryKind) {
  const e = entry(kind);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company}>
        <MemoryRouter>
          <EntryListTable
            kind={kind}
            pending
            entries={[e]}
            today="2026-11-28"
            sort={{ columnId: 'date', direction: 'ascending' }}
            onSortChange={() => undefined}
            busy={false}
          />
          <ul aria-label="Cartões">
            <EntryListRow entry={e} today="2026-11-28" />
          </ul>
        </MemoryRouter>
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

describe('Contas a Pagar / Receber amounts', () => {
  it.each(['expense', 'income'] as const)(
    'the desktop table shows a %s as the phone card does: no sign in a list of one kind',
    (kind) => {
      renderBoth(kind);
      const table = screen.getByRole('table');
      const cell = within(table).getByText('R$ 480,00', { exact: false });
      expect(cell.closest('td')).toHaveTextContent(/^R\$\s480,00$/);
      expect(table).not.toHaveTextContent(/[−+]R\$/);
      const card = screen.getByRole('list', { name: 'Cartões' });
      expect(within(card).getByText(/^R\$\s480,00$/)).toBeInTheDocument();
      // The colour says the direction.
      expect(cell.closest('[data-amount]')).toHaveClass(
        kind === 'expense' ? 'text-expense' : 'text-income',
      );
    },
  );
});

describe('billCount', () => {
  it('reads as a count of bills, never as money', () => {
    expect(billCount(0)).toBe('0 contas');
    expect(billCount(1)).toBe('1 conta');
    expect(billCount(2)).toBe('2 contas');
  });
});
