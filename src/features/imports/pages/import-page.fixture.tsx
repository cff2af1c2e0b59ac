// What the Importar planilha page's component tests share (import-page.test.tsx,
// import-draft.test.tsx): a financeiro of a test company, a sheet of contas a pagar with one ready
// row, one wrong value and one more, the registers and RPCs the page calls (msw), the page rendered.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ImportKind } from '@/features/imports/lib/kinds';
import { ImportPage } from '@/features/imports/pages/import-page';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, rpcUrl, server } from '@/test/msw-server';

export const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'financeiro',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'fabio@example.com',
  fullName: 'Fábio',
};

export const SUPPLIER = {
  id: '33333333-3333-4333-8333-333333333333',
  company_id: company.id,
  name: 'Areia Forte',
  document: null,
  is_active: true,
  supplier_details: null,
};

/** Line 1 the header; line 2 ready, line 3 a value with a letter, line 4 ready too. */
export const CSV = [
  'Fornecedor;Descrição;Valor;Vencimento',
  'Areia Forte;Compra 1;1.234,56;10/03/2026',
  'Areia Forte;Compra 2;12,3x;11/03/2026',
  'Areia Forte;Compra 3;500,00;12/03/2026',
].join('\r\n');

/** The readers load on first use (dynamic import): slow on a busy machine. */
export const SLOW = { timeout: 10_000 };

export const BATCH_ID = '44444444-4444-4444-8444-444444444444';

/**
 * The page's registers (the supplier Areia Forte, nothing else) and RPCs: `duplicates` are the
 * sheet lines import_duplicates calls already in the company; import_rows answers `importRows()`.
 * Returns the payloads import_rows was sent.
 */
export function serveImport({
  duplicates = [],
  importRows = () => HttpResponse.json(BATCH_ID),
}: { duplicates?: number[]; importRows?: () => Response } = {}) {
  const sent: { rows: Record<string, unknown>[] }[] = [];
  server.use(
    http.get(restUrl('suppliers'), () => HttpResponse.json([SUPPLIER])),
    http.get(restUrl('clients'), () => HttpResponse.json([])),
    http.get(restUrl('projects'), () => HttpResponse.json([])),
    http.get(restUrl('categories'), () => HttpResponse.json([])),
    http.get(restUrl('bank_accounts'), () => HttpResponse.json([])),
    http.get(restUrl('import_mappings'), () => HttpResponse.json([])),
    http.get(restUrl('import_batches'), () => HttpResponse.json([])),
    http.post(rpcUrl('save_import_mapping'), () => HttpResponse.json(null)),
    http.post(rpcUrl('import_duplicates'), () => HttpResponse.json(duplicates)),
    http.post(rpcUrl('import_rows'), async ({ request }) => {
      const body = (await request.json()) as { p_payload: { rows: Record<string, unknown>[] } };
      sent.push(body.p_payload);
      return importRows();
    }),
  );
  return sent;
}

/** The page at /importar?tipo=contas_pagar (or another kind), with the places it leads to. */
export function renderImportPage(tipo: ImportKind = 'contas_pagar') {
  const router = createMemoryRouter(
    [
      { path: '/importar', element: <ImportPage /> },
      { path: '/contas-pagar', element: <h1>Contas a Pagar</h1> },
      { path: '/mais', element: <h1>Mais</h1> },
    ],
    { initialEntries: [`/importar?tipo=${tipo}`] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company}>
        <RouterProvider router={router} />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}
