import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryError, QueryState, type QueryErrorText } from '@/components/query-state';

function Rows({
  fetcher,
  error,
}: {
  fetcher: () => Promise<string[]>;
  error: string | QueryErrorText;
}) {
  const query = useQuery({ queryKey: ['rows'], queryFn: fetcher });
  return (
    <QueryState
      query={query}
      loading="Carregando linhas..."
      error={error}
      isEmpty={(rows) => rows.length === 0}
      empty={<p>Nenhuma linha</p>}
    >
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function renderRows(fetcher: () => Promise<string[]>, error: string | QueryErrorText = 'Erro') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Rows fetcher={fetcher} error={error} />
    </QueryClientProvider>,
  );
}

describe('QueryState', () => {
  it('shows the spinner with its label, then the data', async () => {
    renderRows(() => Promise.resolve(['Cimento', 'Areia']));
    expect(screen.getByRole('status')).toHaveTextContent('Carregando linhas...');
    expect(await screen.findByText('Cimento')).toBeInTheDocument();
    expect(screen.getByText('Areia')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the empty state when the data is empty', async () => {
    renderRows(() => Promise.resolve([]));
    expect(await screen.findByText('Nenhuma linha')).toBeInTheDocument();
  });

  it('shows the error text and refetches on "Tentar novamente"', async () => {
    const fetcher = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValueOnce(['Cimento']);
    renderRows(fetcher, {
      title: 'Erro ao carregar fornecedores',
      description: (error) => `Detalhe: ${error.message}`,
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao carregar fornecedores');
    expect(alert).toHaveTextContent('Detalhe: boom');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Cimento')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offline with nothing cached says "Sem conexão" instead of spinning, then loads online', async () => {
    const fetcher = vi.fn(() => Promise.resolve(['Cimento']));
    onlineManager.setOnline(false);
    try {
      renderRows(fetcher);
      expect(await screen.findByText('Sem conexão')).toBeInTheDocument();
      expect(screen.queryByText('Carregando linhas...')).not.toBeInTheDocument();
      expect(fetcher).not.toHaveBeenCalled();
    } finally {
      onlineManager.setOnline(true);
    }
    expect(await screen.findByText('Cimento')).toBeInTheDocument();
    expect(screen.queryByText('Sem conexão')).not.toBeInTheDocument();
  });

  it('without children renders nothing once loaded (a status guard)', async () => {
    function Guard() {
      const query = useQuery({ queryKey: ['guard'], queryFn: () => Promise.resolve(1) });
      return (
        <div data-testid="guard">
          <QueryState query={query} loading="Carregando guarda..." error="Erro" />
        </div>
      );
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Guard />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Carregando guarda...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('guard')).toBeEmptyDOMElement());
  });
});

describe('QueryError', () => {
  it('says "Tentando..." and disables the button while the retry runs', () => {
    render(<QueryError title="Erro" description="Falhou." onRetry={() => undefined} retrying />);
    expect(screen.getByRole('button', { name: 'Tentando...' })).toBeDisabled();
  });

  it('calls onRetry', async () => {
    const onRetry = vi.fn();
    render(<QueryError compact title="Não foi possível carregar os totais." onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
