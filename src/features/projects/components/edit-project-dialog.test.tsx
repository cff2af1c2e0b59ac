import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectRow } from '@/features/projects/api/get-projects-overview';
import { EditProjectDialog } from '@/features/projects/components/edit-project-dialog';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { priorityLabels, projectStatusLabels } from '@/lib/labels';
import { formatCurrency } from '@/lib/money';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, server } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula Teste',
};

const project: ProjectRow = {
  id: '33333333-3333-4333-8333-333333333333',
  company_id: company.id,
  name: 'Casa 010',
  address: 'Rua A, 10',
  client_name: 'Helena',
  description: null,
  budget: 1500.5,
  start_date: '2026-03-01',
  end_date: '2026-09-30',
  status: 'in_progress',
  priority: 'high',
  completion_percentage: 65,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  import_batch_id: null,
};

let patches: Record<string, unknown>[];

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  patches = [];
  server.use(
    http.patch(restUrl('projects'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      return HttpResponse.json({ ...project, ...body });
    }),
  );
});

function renderDialog(onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company}>
        <EditProjectDialog project={project} open onOpenChange={onOpenChange} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
  return onOpenChange;
}

describe('EditProjectDialog', () => {
  it('opens on the saved obra, with only the name required', () => {
    renderDialog();
    expect(screen.getByRole('textbox', { name: /Nome da obra/ })).toHaveValue('Casa 010');
    expect(screen.getByRole('textbox', { name: /Nome da obra/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Endereço' })).toHaveValue('Rua A, 10');
    expect(screen.getByRole('textbox', { name: 'Endereço' })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Cliente' })).toHaveValue('Helena');
    expect(screen.getByRole('textbox', { name: 'Descrição' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Orçamento' })).toHaveValue(formatCurrency(1500_50));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent(
      projectStatusLabels.in_progress,
    );
    expect(screen.getByRole('combobox', { name: 'Prioridade' })).toHaveTextContent(
      priorityLabels.high,
    );
  });

  it('refuses a budget that is no amount, and saves a blank one as none', async () => {
    const user = userEvent.setup();
    const onOpenChange = renderDialog();
    const budget = screen.getByRole('textbox', { name: 'Orçamento' });
    await user.clear(budget);
    await user.type(budget, 'abc');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Orçamento inválido', { selector: '[data-sonner-toast] *' }),
    ).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.clear(budget);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(patches).toEqual([
      expect.objectContaining({ name: 'Casa 010', budget: null, client_name: 'Helena' }),
    ]);
  });
});
