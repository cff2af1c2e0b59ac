import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ProjectPicker } from '@/components/pickers/pickers';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { restUrl, server } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

const OFFLINE_TEXT = 'Sem conexão: a lista aparece quando a conexão voltar.';

describe('ProjectPicker (a filter: "Todas as obras")', { timeout: 30_000 }, () => {
  it('offline with no obras saved says so in the open list, and lists them once online', async () => {
    server.use(
      http.get(restUrl('projects'), () =>
        HttpResponse.json([{ id: 'p1', company_id: company.id, name: 'Casa 001' }]),
      ),
    );
    const user = userEvent.setup();
    onlineManager.setOnline(false);
    try {
      render(
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <CurrentCompanyContext.Provider value={company}>
            <ProjectPicker
              aria-label="Obra"
              value={null}
              onChange={vi.fn()}
              noneLabel="Todas as obras"
            />
          </CurrentCompanyContext.Provider>
        </QueryClientProvider>,
      );
      await user.click(screen.getByRole('combobox', { name: 'Obra' }));
      expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
      // "Todas as obras" needs no list: it can still be chosen.
      expect(screen.getByRole('option', { name: 'Todas as obras' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Casa 001' })).not.toBeInTheDocument();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await screen.findByRole('option', { name: 'Casa 001' })).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  });
});
