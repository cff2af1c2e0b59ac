import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Toaster } from 'sonner';
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
  sha256: '',
};

const PDF_BYTES = '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n';
const XML_BYTES = '<?xml version="1.0"?><nfeProc versao="4.00"></nfeProc>';
const sha256 = async (text: string) =>
  Array.from(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))),
    (b) => b.toString(16).padStart(2, '0'),
  ).join('');

/** Storage answering a signed link for each path and, at that link, `bytes` (what is stored). */
function storedFiles(bytes: Record<string, string>, signed: string[] = []) {
  server.use(
    http.post(`${SUPABASE_URL}/storage/v1/object/sign/documentos/*`, ({ request }) => {
      const path = decodeURIComponent(
        new URL(request.url).pathname.replace('/storage/v1/object/sign/documentos/', ''),
      );
      return HttpResponse.json({ signedURL: `/object/sign/documentos/${path}?token=t` });
    }),
    http.get(`${SUPABASE_URL}/storage/v1/object/sign/documentos/*`, ({ request }) => {
      const url = new URL(request.url);
      signed.push(url.search);
      const path = decodeURIComponent(
        url.pathname.replace('/storage/v1/object/sign/documentos/', ''),
      );
      return new HttpResponse(bytes[path] ?? '', { status: bytes[path] ? 200 : 404 });
    }),
  );
  return signed;
}

function renderCard(role: Role = 'admin', state?: { approved: boolean; paid: boolean }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company(role)}>
        <DocumentsCard kind="expense" entryId={ENTRY} state={state} />
        <Toaster />
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

  it('opens a PDF only once its bytes match the sha256 of its row', async () => {
    server.use(
      http.get(restUrl('transactions'), () => HttpResponse.json([])),
      http.get(restUrl('documents'), async () =>
        HttpResponse.json([{ ...pdfRow, sha256: await sha256(PDF_BYTES) }]),
      ),
    );
    storedFiles({ [PATH]: PDF_BYTES });
    renderCard();
    const region = await screen.findByRole('region', { name: 'Documentos' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Abrir nota.pdf' }));
    const viewer = await screen.findByRole('dialog', { name: 'nota.pdf' });
    const open = await within(viewer).findByRole('link', { name: 'Abrir PDF' });
    expect(open).toHaveAttribute('href', expect.stringMatching(/^blob:/));
    expect(open).toHaveAttribute('target', '_blank');
  });

  it('says so and opens nothing when the stored bytes are not the ones attached', async () => {
    server.use(
      http.get(restUrl('transactions'), () => HttpResponse.json([])),
      http.get(restUrl('documents'), async () =>
        HttpResponse.json([{ ...pdfRow, sha256: await sha256(PDF_BYTES) }]),
      ),
    );
    storedFiles({ [PATH]: '%PDF-1.7\noutros bytes postos no lugar\n%%EOF\n' });
    renderCard('obra');
    const region = await screen.findByRole('region', { name: 'Documentos' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Abrir nota.pdf' }));
    const viewer = await screen.findByRole('dialog', { name: 'nota.pdf' });
    expect(await within(viewer).findByRole('alert')).toHaveTextContent(
      'Este arquivo não confere com o que foi anexado: o conteúdo guardado mudou depois do envio.',
    );
    expect(within(viewer).queryByRole('link')).toBeNull();
  });

  it("an XML is a download (Storage's download option), never a page", async () => {
    const xmlPath = `${COMPANY}/entries/${ENTRY}/3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f-nfe.xml`;
    server.use(
      http.get(restUrl('transactions'), () => HttpResponse.json([])),
      http.get(restUrl('documents'), async () =>
        HttpResponse.json([
          {
            ...pdfRow,
            id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
            storage_path: xmlPath,
            original_name: 'nfe.xml',
            mime: 'application/xml',
            sha256: await sha256(XML_BYTES),
          },
        ]),
      ),
    );
    const signed = storedFiles({ [xmlPath]: XML_BYTES });
    renderCard();
    const region = await screen.findByRole('region', { name: 'Documentos' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Abrir nfe.xml' }));
    const viewer = await screen.findByRole('dialog', { name: 'nfe.xml' });
    const download = await within(viewer).findByRole('link', { name: 'Baixar XML' });
    expect(download).toHaveAttribute('download', 'nfe.xml');
    expect(download).not.toHaveAttribute('target');
    expect(signed).toEqual(['?token=t&download=nfe.xml']);
  });

  it("an 'obra' member removes nothing once the entry is approved, and adds nothing once paid", async () => {
    server.use(
      http.get(restUrl('transactions'), () => HttpResponse.json([])),
      http.get(restUrl('documents'), () => HttpResponse.json([pdfRow])),
    );
    const approved = renderCard('obra', { approved: true, paid: false });
    let region = await screen.findByRole('region', { name: 'Documentos' });
    expect(await within(region).findByRole('button', { name: 'Abrir nota.pdf' })).toBeVisible();
    expect(within(region).getByText('Adicionar')).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Remover nota.pdf' })).toBeNull();
    approved.unmount();

    const paid = renderCard('obra', { approved: true, paid: true });
    region = await screen.findByRole('region', { name: 'Documentos' });
    expect(await within(region).findByRole('button', { name: 'Abrir nota.pdf' })).toBeVisible();
    expect(within(region).queryByText('Adicionar')).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Remover nota.pdf' })).toBeNull();
    paid.unmount();

    // Its own request, not yet approved: it still removes; admin always.
    renderCard('obra', { approved: false, paid: false });
    region = await screen.findByRole('region', { name: 'Documentos' });
    expect(await within(region).findByRole('button', { name: 'Remover nota.pdf' })).toBeVisible();
  });

  it('a removal the database refuses says why (document_locked)', async () => {
    server.use(
      http.get(restUrl('transactions'), () => HttpResponse.json([])),
      http.get(restUrl('documents'), () => HttpResponse.json([pdfRow])),
      http.delete(restUrl('documents'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'document_locked', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    renderCard('obra', { approved: false, paid: false });
    const region = await screen.findByRole('region', { name: 'Documentos' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Remover nota.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remover documento?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    expect(
      await screen.findByText(
        'Este lançamento já foi aprovado ou pago: só o administrador ou o financeiro removem ou trocam seus documentos.',
      ),
    ).toBeVisible();
  });
});
