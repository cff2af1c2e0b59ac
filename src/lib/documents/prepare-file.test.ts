import { describe, expect, it } from 'vitest';
import {
  DocumentFileError,
  documentMime,
  MAX_DOCUMENT_BYTES,
  prepareDocumentFile,
  safeFileName,
  scaledSize,
  sha256Hex,
} from '@/lib/documents/prepare-file';

describe('safeFileName', () => {
  it('keeps a plain name and its extension, without accents, spaces or slashes', () => {
    expect(safeFileName('Nota Fiscal Nº 123 — Depósito.PDF')).toBe(
      'Nota-Fiscal-N-123-Deposito.pdf',
    );
    expect(safeFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileName('  .jpg')).toBe('jpg');
    expect(safeFileName('ção')).toBe('cao');
    expect(safeFileName('???')).toBe('arquivo');
  });

  it('cuts a long name, keeping the extension', () => {
    const name = safeFileName(`${'a'.repeat(300)}.jpeg`);
    expect(name).toBe(`${'a'.repeat(70)}.jpeg`);
  });
});

describe('scaledSize', () => {
  it('brings the long side to 1600 px, never enlarging', () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('documentMime', () => {
  it('takes the file type, else the extension; anything else is refused', () => {
    expect(documentMime({ type: 'image/jpg', name: 'a' })).toBe('image/jpeg');
    expect(documentMime({ type: '', name: 'nfe.XML' })).toBe('application/xml');
    expect(documentMime({ type: 'application/pdf', name: 'x' })).toBe('application/pdf');
    expect(documentMime({ type: 'application/x-msdownload', name: 'virus.exe' })).toBeNull();
  });
});

describe('prepareDocumentFile', () => {
  it('keeps a PDF as it is, with its SHA-256', async () => {
    const pdf = new Blob(['%PDF-1.7 nota'], { type: 'application/pdf' });
    const prepared = await prepareDocumentFile(pdf, 'nota.pdf');
    expect(prepared).toMatchObject({ name: 'nota.pdf', mime: 'application/pdf', size: pdf.size });
    expect(prepared.sha256).toBe(await sha256Hex(pdf));
    expect(prepared.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses another type, an empty file and one over 10 MB with the words the user reads', async () => {
    await expect(
      prepareDocumentFile(new Blob(['MZ'], { type: 'application/x-msdownload' }), 'a.exe'),
    ).rejects.toEqual(new DocumentFileError('a.exe não é uma foto, um PDF nem um XML.'));
    await expect(
      prepareDocumentFile(new Blob([], { type: 'application/pdf' }), 'a.pdf'),
    ).rejects.toEqual(new DocumentFileError('O arquivo está vazio.'));
    const big = new Blob(['%PDF-1.7', new Uint8Array(MAX_DOCUMENT_BYTES + 1)], {
      type: 'application/pdf',
    });
    await expect(prepareDocumentFile(big, 'a.pdf')).rejects.toEqual(
      new DocumentFileError('O arquivo passa de 10 MB. Envie um arquivo menor.'),
    );
  });
});
