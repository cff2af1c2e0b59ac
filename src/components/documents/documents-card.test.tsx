import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DocumentsCard } from '@/components/documents/documents-card';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import type { Role } from '@/lib/roles';
import { restUrl, server, SUPABASE_URL } from '@/test/msw-server';

const COMPANY = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
const ENTRY = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PATH = `${COMPANY}/entries/${ENTRY}/2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e-nota.pdf`;

function company(role: Role): CurrentCompany {
  return { id: COMPANY, name: 'Construtora', role, userId: 'u1', email: 'a@b.c', fullName: 'Ana' };
}

const pdfRow = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  storage_path: PATH,
  original_name: 'nota.pdf',
  mime: 'application/pdf',
  size_bytes: 1200,
  kind: 'nota_fiscal',
  uploaded_at: '2026-11-20T12:00:00Z',
  payment_id: null,
};

function renderCard(role: Role = 'admin') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company(role)}>
        <DocumentsCard kind="expense" entryId={ENTRY} />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

describe('DocumentsCard', () => {
  it('lists the entry’s documents; removing one asks first, then removes the row and its file', async () => {
    let rows = [pdfRow];
    const removed: unknown[] = [];
    server.use(
      http.get(restUrl('transactions'), () => HttpResponse.json([])),
      http.get(restUrl('documents'), () => HttpResponse.json(rows)),
      http.delete(restUrl('documents'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('id')).toBe(`eq.${pdfRow.id}`);
        rows = [];
        return HttpResponse.json([{ storage_path: PATH }]);
      }),
      http.delete(`${SUPABASE_URL}/storage/v1/object/documentos`, async ({ request }) => {
        removed.push(await request.json());
        return HttpResponse.json([{ name: PATH }]);
      }),
    );
    renderCard();
    const region = await screen.findByRole('region', { name: 'Documentos' });
    expect(await within(region).findByRole('button', { name: 'Abrir nota.pdf' })).toBeVisible();
    expect(within(region).getByText('Nota fiscal')).toBeVisible();

    await userEvent.click(within(region).getByRole('button', { name: 'Remover nota.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remover documento?' });
    expect(removed).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    expect(await within(region).findByText('Nenhum documento anexado.')).toBeVisible();
    await waitFor(() => expect(removed).toEqual([{ prefixes: [PATH] }]));
  });

  it('leitura sees the documents but no Adicionar nor Remover', async () => {
    server.use(
      http.get(restUrl('transactions'), () => HttpResponse.json([])),
      http.get(restUrl('documents'), () => HttpResponse.json([pdfRow])),
    );
    renderCard('leitura');
    const region = await screen.findByRole('region', { name: 'Documentos' });
    expect(await within(region).findByRole('button', { name: 'Abrir nota.pdf' })).toBeVisible();
    expect(within(region).queryByText('Adicionar')).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Remover nota.pdf' })).toBeNull();
  });
});
