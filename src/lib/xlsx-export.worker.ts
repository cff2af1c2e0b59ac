// Builds an export's workbook off the page's thread: the rows arrive page by page while the API is
// read ("rows"), the workbook is written on "finish" and posted back as a Blob. A 200 000-row sheet
// takes seconds to write; here it never freezes the screen (docs/performance.md).
import type { ExportColumn, ExportRow } from '@/lib/export-table';
import { buildXlsx } from '@/lib/xlsx-workbook';

export type XlsxWorkerRequest =
  | { type: 'start'; title: string | null; columns: ExportColumn[]; sheetName: string }
  | { type: 'rows'; rows: ExportRow[] }
  | { type: 'finish'; totals: ExportRow[]; boldRows: number[] };

export type XlsxWorkerReply = { type: 'done'; blob: Blob } | { type: 'error'; message: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<XlsxWorkerRequest>) => void) | null;
  postMessage(message: XlsxWorkerReply): void;
}

const scope = self as unknown as WorkerScope;
let start: Extract<XlsxWorkerRequest, { type: 'start' }> | null = null;
let rows: ExportRow[] = [];

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'start') {
    start = message;
    rows = [];
  } else if (message.type === 'rows') {
    for (const row of message.rows) rows.push(row);
  } else if (start) {
    const { title, columns, sheetName } = start;
    buildXlsx(
      { title, columns, rows, totals: message.totals, boldRows: message.boldRows },
      sheetName,
    ).then(
      (blob) => scope.postMessage({ type: 'done', blob }),
      (error: unknown) =>
        scope.postMessage({
          type: 'error',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  }
};
