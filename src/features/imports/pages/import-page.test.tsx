import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  BATCH_ID,
  CSV,
  renderImportPage as renderPage,
  serveImport,
  SLOW,
  SUPPLIER,
} from '@/features/imports/pages/import-page.fixture';

// Line 4 of the sheet is already in the company (import_duplicates answers it).
const serve = (importRows: () => Response) => serveImport({ duplicates: [4], importRows });

async function toPreview(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('radio', { name: 'Contas a pagar' })).toBeChecked();
  const input = screen.getByLabelText('Arquivo da planilha (.xlsx, .xls ou .csv)');
  const file = new File([CSV], 'contas.csv', { type: 'text/csv' });
  // jsdom's File has no arrayBuffer(); the browser's has.
  Object.defineProperty(file, 'arrayBuffer', {
    value: () => Promise.resolve(new TextEncoder().encode(CSV).buffer),
  });
  await user.upload(input, file);
  // The readers load on first use (dynamic import): slow on a busy machine.
  expect(await screen.findByText('contas.csv', {}, SLOW)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  await user.click(await screen.findByRole('button', { name: 'Ver prévia' }, SLOW));
  return screen.findByRole('status', { name: 'Resumo da prévia' }, SLOW);
}

// Reading, the preview and Radix's controls in jsdom: more than the default 5 s on a busy machine.
describe('Importar planilha: the preview', { timeout: 30_000 }, () => {
  it('counts ready, wrong and duplicate rows; a fix, a chosen duplicate, a refusal that keeps everything, then the save', async () => {
    let refuse = true;
    const sent = serve(() =>
      refuse
        ? HttpResponse.json(
            {
              code: 'P0001',
              message: 'import_row_invalid',
              details: '4',
              hint: 'invalid_amount',
            },
            { status: 400 },
          )
        : HttpResponse.json(BATCH_ID),
    );
    const user = userEvent.setup();
    renderPage();

    const summary = await toPreview(user);
    // The duplicate comes from the database (import_duplicates) after the rows are read.
    expect(await within(summary).findByText('1 pronta · 1 com erro · 1 duplicada')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Corrija ou pule a linha com erro antes de importar.',
    );
    expect(screen.getByRole('button', { name: 'Importar 1 linha' })).toBeDisabled();

    // The wrong row says why, and its text is there to fix.
    const fix = screen.getByRole('form', { name: 'Corrigir linha 3' });
    const line3 = screen.getByRole('listitem', { name: 'Linha 3' });
    expect(within(line3).getByText(/Valor inválido/)).toBeVisible();
    const value = within(fix).getByLabelText('Valor');
    expect(value).toHaveValue('12,3x');
    await user.clear(value);
    await user.type(value, '12,30');
    await user.click(within(fix).getByRole('button', { name: 'Corrigir' }));
    expect(summary).toHaveTextContent('2 prontas · 0 com erro · 1 duplicada');
    expect(within(line3).getByText('R$ 12,30')).toBeVisible();

    // A duplicate is left out unless chosen.
    const line4 = screen.getByRole('listitem', { name: 'Linha 4' });
    expect(within(line4).getByText('Duplicada')).toBeVisible();
    await user.click(within(line4).getByRole('checkbox', { name: 'Importar mesmo assim' }));
    expect(summary).toHaveTextContent('3 prontas · 0 com erro · 0 duplicadas');

    // Filters show one state at a time.
    await user.click(screen.getByRole('button', { name: 'Com erro (0)' }));
    expect(screen.getByText('Nenhuma linha nesta situação.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Todas (3)' }));

    // The database refuses line 4: said with its line; nothing the user did is lost.
    await user.click(screen.getByRole('button', { name: 'Importar 3 linhas' }));
    expect(await screen.findByText(/^Linha 4: .*Nada foi importado\.$/)).toBeVisible();
    expect(summary).toHaveTextContent('3 prontas · 0 com erro · 0 duplicadas');
    expect(
      within(screen.getByRole('listitem', { name: 'Linha 3' })).getByText('R$ 12,30'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('listitem', { name: 'Linha 4' })).getByRole('checkbox', {
        name: 'Importar mesmo assim',
      }),
    ).toBeChecked();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Importar 3 linhas' }));
    expect(
      await screen.findByText('Importação concluída: 3 linhas em Contas a pagar.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver Contas a pagar' })).toHaveAttribute(
      'href',
      '/contas-pagar',
    );
    expect(sent).toHaveLength(2);
    expect(sent[1]?.rows.map((r) => [r.line, r.amount, r.supplier_id])).toEqual([
      [2, '1234.56', SUPPLIER.id],
      [3, '12.30', SUPPLIER.id],
      [4, '500.00', SUPPLIER.id],
    ]);
  });

  it('a skipped row is left out and can come back', async () => {
    const sent = serve(() => HttpResponse.json(BATCH_ID));
    const user = userEvent.setup();
    renderPage();
    const summary = await toPreview(user);
    expect(await within(summary).findByText('1 pronta · 1 com erro · 1 duplicada')).toBeVisible();

    const fix = screen.getByRole('form', { name: 'Corrigir linha 3' });
    await user.click(within(fix).getByRole('button', { name: 'Pular linha' }));
    expect(summary).toHaveTextContent('1 pronta · 0 com erro · 1 duplicada · 1 pulada');
    const line3 = screen.getByRole('listitem', { name: 'Linha 3' });
    expect(within(line3).getByText('Pulada')).toBeVisible();
    await user.click(within(line3).getByRole('button', { name: 'Incluir de novo' }));
    expect(summary).toHaveTextContent('1 pronta · 1 com erro · 1 duplicada');
    await user.click(screen.getByRole('button', { name: 'Pular todas com erro' }));

    await user.click(screen.getByRole('button', { name: 'Importar 1 linha' }));
    expect(
      await screen.findByText('Importação concluída: 1 linha em Contas a pagar.'),
    ).toBeVisible();
    expect(sent[0]?.rows.map((r) => r.line)).toEqual([2]);
  });
});
