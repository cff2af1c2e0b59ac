import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { importNfe } from '@/lib/api/import-nfe';
import type { Nfe } from '@/lib/capture/nfe';
import { rpcUrl, server } from '@/test/msw-server';
import { useNfeSplit } from '@/features/entries/components/split/use-nfe-split';

const companyId = 'cccccccc-0000-4000-8000-000000000001';
const obraA = 'aaaaaaaa-0000-4000-8000-00000000000a';
const obraB = 'aaaaaaaa-0000-4000-8000-00000000000b';
const nfe: Nfe = {
  key: '3'.repeat(44),
  number: '77',
  series: '1',
  issuedOn: '2026-11-20',
  totalCents: 100_001,
  issuer: { name: 'Depósito Rateado', document: '11222333000181', address: null, phone: null },
  duplicatas: [
    { number: '001', dueDate: '2026-12-20', amountCents: 50_001 },
    { number: '002', dueDate: '2027-01-20', amountCents: 50_000 },
  ],
  items: [],
};

describe('Importar NF-e: Ratear (issue 33)', () => {
  it('each duplicata is split 60/40 of its own amount and sent with its parts', async () => {
    const { result } = renderHook(() => useNfeSplit());
    expect(result.current.active).toBe(false);
    // Ratear pressed, then 60/40 typed (what the editor writes).
    const ratear = result.current.render(nfe.totalCents) as { props: { onClick: () => void } };
    act(() => ratear.props.onClick());
    expect(result.current.active).toBe(true);
    const editor = result.current.render(nfe.totalCents) as {
      props: { children: { props: { onChange: (value: unknown) => void } } };
    };
    act(() =>
      editor.props.children.props.onChange({
        mode: 'percent',
        rows: [
          {
            projectId: obraA,
            stageId: null,
            categoryId: null,
            percentText: '60',
            amountCents: null,
          },
          {
            projectId: obraB,
            stageId: null,
            categoryId: null,
            percentText: '30',
            amountCents: null,
          },
        ],
      }),
    );
    // Not 100 %: the message, nothing to send.
    expect(result.current.partsFor(nfe.totalCents, [50_001, 50_000])).toBe(
      'Os percentuais precisam somar 100%.',
    );
    act(() =>
      editor.props.children.props.onChange({
        mode: 'percent',
        rows: [
          {
            projectId: obraA,
            stageId: null,
            categoryId: null,
            percentText: '60',
            amountCents: null,
          },
          {
            projectId: obraB,
            stageId: null,
            categoryId: null,
            percentText: '40',
            amountCents: null,
          },
        ],
      }),
    );
    const parts = result.current.partsFor(nfe.totalCents, [50_001, 50_000]);
    if (typeof parts === 'string') throw new Error(parts);

    let sent: Record<string, unknown> = {};
    server.use(
      http.post(rpcUrl('import_nfe'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({
          supplier_id: 's',
          supplier_created: true,
          entry_ids: ['a', 'b'],
        });
      }),
    );
    await importNfe(companyId, {
      nfe,
      projectId: null,
      categoryId: null,
      addProducts: false,
      duplicataParts: parts,
    });
    const amounts = (sent.p_installments as { amount: number; parts: { amount: number }[] }[]).map(
      (dup) => [dup.amount, dup.parts.map((part) => part.amount)],
    );
    expect(amounts).toEqual([
      [500.01, [300.01, 200]],
      [500, [300, 200]],
    ]);
    expect(sent).not.toHaveProperty('p_project_id');
  });

  it('a note without duplicatas is one payable of its total, due on the emissão, with its parts', async () => {
    let sent: Record<string, unknown> = {};
    server.use(
      http.post(rpcUrl('import_nfe'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ supplier_id: 's', supplier_created: false, entry_ids: ['a'] });
      }),
    );
    const parts = [[{ project_id: obraA, amount: 1000.01 }]];
    await importNfe(companyId, {
      nfe: { ...nfe, duplicatas: [] },
      projectId: null,
      categoryId: null,
      addProducts: false,
      duplicataParts: parts,
    });
    expect(sent.p_installments).toEqual([
      { due_date: '2026-11-20', amount: 1000.01, parts: parts[0] },
    ]);
  });
});
