import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportFileError } from '@/features/imports/lib/import-errors';
import { handleWorkerRequest } from '@/features/imports/lib/import-jobs';
import { EMPTY_IMPORT_CONTEXT, PROGRESS_EVERY } from '@/features/imports/lib/preview';
import {
  createSpreadsheetImporter,
  type ImportProgress,
  type WorkerRequest,
  type WorkerResponse,
} from '@/features/imports/lib/spreadsheet-import';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(__dirname, '../../../../tests/fixtures/imports', name)));

/** A Worker that runs the worker's jobs on a later task, as the real one answers. */
class FakeWorker {
  onmessage: ((event: MessageEvent<WorkerResponse | ImportProgress>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  postMessage(request: WorkerRequest) {
    const send = (data: WorkerResponse | ImportProgress) => {
      if (!this.terminated) this.onmessage?.({ data } as MessageEvent<WorkerResponse>);
    };
    void handleWorkerRequest(request, send).then(send);
  }
  terminate() {
    this.terminated = true;
  }
}

describe.each([
  ['in place (no Worker)', () => createSpreadsheetImporter(null)],
  [
    'through the worker protocol',
    () => createSpreadsheetImporter(() => new FakeWorker() as unknown as Worker),
  ],
])('createSpreadsheetImporter %s', (_, make) => {
  it('reads, proposes the header and columns, and previews', async () => {
    const importer = make();
    const read = await importer.read(
      fixture('fornecedores-windows-1252.csv'),
      'f.csv',
      'fornecedores',
    );
    expect(read).toMatchObject({
      sheetIndex: 0,
      headerRow: 0,
      mapping: { name: 0, document: 1, phone: 2, email: 3, notes: 4 },
    });
    const sheet = read.sheets[0];
    if (!sheet) throw new Error('no sheet');
    const rows = await importer.preview({
      kind: 'fornecedores',
      sheet,
      headerRow: read.headerRow,
      mapping: read.mapping,
      ctx: EMPTY_IMPORT_CONTEXT,
    });
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4]);
    importer.dispose();
  });

  it('tells how many rows of the preview are built ("Preparando prévia… N de M linhas")', async () => {
    const importer = make();
    const total = 2 * PROGRESS_EVERY + 10;
    const sheet = {
      name: 'Fornecedores',
      rows: [['Razão social'], ...Array.from({ length: total }, (_, i) => [`Fornecedor ${i}`])],
    };
    const seen: [number, number][] = [];
    const rows = await importer.preview(
      {
        kind: 'fornecedores',
        sheet,
        headerRow: 0,
        mapping: { name: 0 },
        ctx: EMPTY_IMPORT_CONTEXT,
      },
      (done, of) => seen.push([done, of]),
    );
    expect(rows).toHaveLength(total);
    expect(seen).toEqual([
      [0, total],
      [PROGRESS_EVERY, total],
      [2 * PROGRESS_EVERY, total],
      [total, total],
    ]);
    importer.dispose();
  });

  it('a refusal arrives as the ImportFileError with its key and message', async () => {
    const importer = make();
    const error = await importer
      .read(fixture('protegida-por-senha.xlsx'), 'p.xlsx', 'clientes')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error).toMatchObject({
      key: 'password',
      message: expect.stringMatching(/protegida por senha/) as unknown,
    });
    importer.dispose();
  });
});

it('dispose stops the worker and rejects what is still reading', async () => {
  const workers: FakeWorker[] = [];
  const importer = createSpreadsheetImporter(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  });
  const reading = importer.read(fixture('omie-clientes.xls'), 'c.xls', 'clientes');
  importer.dispose();
  await expect(reading).rejects.toThrow('Leitura cancelada.');
  expect(workers[0]?.terminated).toBe(true);
  // The next read starts a new worker (React's StrictMode disposes once before the real mount).
  await expect(
    importer.read(fixture('omie-clientes.xls'), 'c.xls', 'clientes'),
  ).resolves.toMatchObject({ headerRow: 0 });
  expect(workers).toHaveLength(2);
});
