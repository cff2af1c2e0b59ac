import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { BankAccountGate } from '@/components/bank-account-gate';
import type { QueryLike } from '@/components/query-state';
import type { BankAccount } from '@/lib/api/lookups';

const account = { id: 'a1', name: 'Banco da Obra' } as BankAccount;

function query(status: QueryLike<unknown>['status'], fetchStatus: 'idle' | 'paused' = 'idle') {
  return {
    status,
    data: status === 'success' ? [] : undefined,
    error: status === 'error' ? new Error('falhou') : null,
    isRefetching: false,
    refetch: vi.fn(() => Promise.resolve()),
    fetchStatus,
  } satisfies QueryLike<unknown>;
}

function renderGate(q: QueryLike<unknown>, found: BankAccount | null | undefined) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <BankAccountGate
          query={q}
          account={found}
          title="Conciliação bancária"
          backTo="/contas-bancarias/a1"
          loading="Carregando conta..."
          error="Erro inesperado ao carregar a conta"
        >
          {(a) => <h1>Conta {a.name}</h1>}
        </BankAccountGate>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('BankAccountGate', () => {
  it('while loading: the page header, back to where the page says, over the spinner', () => {
    renderGate(query('pending'), undefined);
    expect(screen.getByRole('heading', { name: 'Conciliação bancária' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute(
      'href',
      '/contas-bancarias/a1',
    );
    expect(screen.getByText('Carregando conta...')).toBeInTheDocument();
  });

  it('offline with nothing saved: "Sem conexão", not a spinner', () => {
    renderGate(query('pending', 'paused'), undefined);
    expect(screen.getByText('Sem conexão')).toBeInTheDocument();
    expect(screen.queryByText('Carregando conta...')).not.toBeInTheDocument();
  });

  it('a failed read shows the page\'s text and "Tentar novamente"', () => {
    renderGate(query('error'), undefined);
    expect(screen.getByRole('alert')).toHaveTextContent('Erro inesperado ao carregar a conta');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('no such account: "Conta não encontrada" and the way back to the list', () => {
    renderGate(query('success'), null);
    expect(screen.getByText('Conta não encontrada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar às Contas' })).toHaveAttribute(
      'href',
      '/contas-bancarias',
    );
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute(
      'href',
      '/contas-bancarias',
    );
  });

  it('the account found: the page itself', () => {
    renderGate(query('success'), account);
    expect(screen.getByRole('heading', { name: 'Conta Banco da Obra' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Conciliação bancária' })).not.toBeInTheDocument();
  });
});
