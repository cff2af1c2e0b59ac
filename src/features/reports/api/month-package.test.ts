import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  DocumentDownloadError,
  documentMismatchMessage,
  downloadCheckedDocument,
} from '@/features/reports/api/month-package';
import { server, SUPABASE_URL } from '@/test/msw-server';

const PATH = 'c1/entries/e1/d1-recibo.pdf';
const BYTES = '%PDF-1.7\n%%EOF\n';
const sha256 = async (text: string) =>
  Array.from(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))),
    (b) => b.toString(16).padStart(2, '0'),
  ).join('');

function stored(bytes: string) {
  server.use(
    http.get(`${SUPABASE_URL}/storage/v1/object/documentos/*`, () => new HttpResponse(bytes)),
  );
}

describe("the accountant's package takes a document only as it was attached", () => {
  it('the bytes whose sha256 is the row’s', async () => {
    stored(BYTES);
    const bytes = await downloadCheckedDocument(PATH, 'recibo.pdf', await sha256(BYTES));
    expect(new TextDecoder().decode(bytes)).toBe(BYTES);
  });

  it('other bytes stop the package, saying which document and why', async () => {
    stored('%PDF-1.7\noutros bytes\n%%EOF\n');
    const error = await downloadCheckedDocument(PATH, 'recibo.pdf', await sha256(BYTES)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DocumentDownloadError);
    expect((error as Error).message).toBe(documentMismatchMessage('recibo.pdf'));
    expect((error as Error).message).toMatch(/^O documento "recibo.pdf" não confere/);
  });
});
