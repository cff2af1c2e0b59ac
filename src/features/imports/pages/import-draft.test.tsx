// The import in progress kept on the device (import-draft.ts): a page opened again comes back to
// the same preview with the same fixes and skips; a successful import and "Cancelar" drop it; what
// is kept is plain JSON beside the file's Blob, under the user's and the company's key.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  company,
  CSV,
  renderImportPage as renderPage,
  serveImport,
  SLOW,
} from '@/features/imports/pages/import-page.fixture';
import { isPlainJson } from '@/lib/offline/plain-json';

// IndexedDB as the app's idb.ts gives it, in memory (jsdom has none).
const stored = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@/lib/offline/idb', () => ({
  idbAvailable: () => true,
  idbGet: (key: string) => Promise.resolve(stored.get(key)),
  idbSet: (key: string, value: unknown) => {
    stored.set(key, value);
    return Promise.resolve();
  },
  idbDel: (key: string) => {
    stored.delete(key);
    return Promise.resolve();
  },
  idbRemoveKeys: () => Promise.resolve(),
}));

const STATE_KEY = `user:${company.userId}:import-draft:${company.id}`;
const FILE_KEY = `user:${company.userId}:import-draft-file:${company.id}`;

beforeAll(() => {
  // jsdom's Blob has no arrayBuffer(); the browser's has (the kept file is read again with it).
  if (!('arrayBuffer' in Blob.prototype)) {
    Object.defineProperty(Blob.prototype, 'arrayBuffer', {
      value(this: Blob) {
        return new Promise<ArrayBuffer>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as ArrayBuffer);
          reader.readAsArrayBuffer(this);
        });
      },
    });
  }
});

beforeEach(() => {
  stored.clear();
  serveImport();
});

async function toFixedPreview(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('radio', { name: 'Contas a pagar' })).toBeChecked();
  const file = new File([CSV], 'contas.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('Arquivo da planilha (.xlsx, .xls ou .csv)'), file);
  expect(await screen.findByText('contas.csv', {}, SLOW)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  await user.click(await screen.findByRole('button', { name: 'Ver prévia' }, SLOW));
  const summary = await screen.findByRole('status', { name: 'Resumo da prévia' }, SLOW);
  expect(await within(summary).findByText('2 prontas · 1 com erro · 0 duplicadas')).toBeVisible();
  const fix = screen.getByRole('form', { name: 'Corrigir linha 3' });
  const value = within(fix).getByLabelText('Valor');
  await user.clear(value);
  await user.type(value, '12,30');
  await user.click(within(fix).getByRole('button', { name: 'Corrigir' }));
  const line4 = screen.getByRole('listitem', { name: 'Linha 4' });
  await user.click(within(line4).getByRole('button', { name: 'Pular' }));
  expect(summary).toHaveTextContent('2 prontas · 0 com erro · 0 duplicadas · 1 pulada');
}

/** The preview toFixedPreview left, taken up again on opening, and the page saying so. */
async function expectTakenUp() {
  const summary = await screen.findByRole('status', { name: 'Resumo da prévia' }, SLOW);
  expect(
    await within(summary).findByText('2 prontas · 0 com erro · 0 duplicadas · 1 pulada'),
  ).toBeVisible();
  expect(
    screen.getByText('Importação em andamento retomada: contas.csv (Contas a pagar).'),
  ).toBeVisible();
}

describe(
  'Importar planilha: the import in progress kept on the device',
  { timeout: 30_000 },
  () => {
    it('comes back to the same preview with its fix and skip; dropped once the server has it', async () => {
      const user = userEvent.setup();
      const first = renderPage();
      await toFixedPreview(user);
      expect(stored.get(FILE_KEY)).toBeInstanceOf(Blob);
      const state = stored.get(STATE_KEY);
      expect(isPlainJson(state)).toBe(true);
      expect(state).toMatchObject({
        kind: 'contas_pagar',
        step: 'preview',
        fileName: 'contas.csv',
        applied: { 3: { amount: '12,30' } },
        skipped: { 4: true },
      });
      first.unmount();

      // Opened again (a reload): the same preview, read again from the kept file.
      renderPage();
      await expectTakenUp();
      expect(screen.getByRole('button', { name: 'Descartar importação' })).toBeVisible();
      const line3 = screen.getByRole('listitem', { name: 'Linha 3' });
      expect(within(line3).getByText('R$ 12,30')).toBeVisible();
      expect(
        within(screen.getByRole('listitem', { name: 'Linha 4' })).getByText('Pulada'),
      ).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Importar 2 linhas' }));
      expect(
        await screen.findByText('Importação concluída: 2 linhas em Contas a pagar.'),
      ).toBeVisible();
      await vi.waitFor(() => expect([...stored.keys()]).toEqual([]));
    });

    it('opened for another kind, says which import it took up and drops it for the one asked', async () => {
      const user = userEvent.setup();
      const first = renderPage();
      await toFixedPreview(user);
      first.unmount();

      // Importar from Contas a receber, with the Contas a pagar import still on the device.
      renderPage('contas_receber');
      await expectTakenUp();
      await user.click(
        screen.getByRole('button', { name: 'Descartar e importar Contas a receber' }),
      );
      expect(await screen.findByRole('radio', { name: 'Contas a receber' })).toBeChecked();
      expect(screen.queryByText(/Importação em andamento retomada/)).toBeNull();
      await vi.waitFor(() => expect([...stored.keys()]).toEqual([]));
    });

    it('"Cancelar" drops it', async () => {
      const user = userEvent.setup();
      renderPage();
      await toFixedPreview(user);
      expect(stored.has(STATE_KEY)).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Cancelar' }));
      expect(await screen.findByRole('button', { name: 'Escolher arquivo' })).toBeVisible();
      await vi.waitFor(() => expect([...stored.keys()]).toEqual([]));
    });
  },
);
