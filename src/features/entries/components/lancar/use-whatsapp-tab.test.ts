import { describe, expect, it } from 'vitest';
import { detectMessages, UNREAD_PDF } from '@/features/entries/components/lancar/use-whatsapp-tab';
import type { SharedItem } from '@/features/entries/lib/shared-inbox';
import { bancarioLine, pixCode } from '@/test/payment-codes';

const TODAY = '2026-11-26';
const boleto = bancarioLine('341', '2026-12-10', 123456);
const pix = pixCode({ key: 'vendas@areia.com.br', name: 'AREIA BOA', city: 'CAMPINAS' });

function item(text: string, files: File[] = []): SharedItem {
  return { title: '', text, url: '', files, sharedAt: '2026-11-26T12:00:00.000Z' };
}
const pdf = (name: string) => new File(['%PDF-1.7\n%%EOF\n'], name, { type: 'application/pdf' });
const photo = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])], name, { type: 'image/jpeg' });
/** Stands in for pdfjs: each PDF's text by its name. */
const pdfTexts =
  (texts: Record<string, string>) =>
  (file: File): Promise<string> =>
    Promise.resolve(texts[file.name] ?? '');

describe('Mensagens Detectadas of a share', () => {
  it('a boleto PDF: the code found in its text, with the PDF as its Anexo', async () => {
    const messages = await detectMessages(
      item('', [pdf('boleto.pdf')]),
      TODAY,
      pdfTexts({ 'boleto.pdf': `Beneficiário AREIA BOA\n${boleto}\nPagador` }),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      source: 'boleto.pdf',
      code: { type: 'boleto', code: boleto, amountCents: 123456 },
      prefill: { code: boleto, attachment: { name: 'boleto.pdf' } },
    });
    expect(messages[0]?.prefill.attachment?.dataUrl).toMatch(/^data:application\/pdf/);
  });

  it('a message with a PIX and a photo: the PIX with the photo attached, the photo not listed twice', async () => {
    const messages = await detectMessages(item(`Paga no PIX ${pix}`, [photo('conta.jpg')]), TODAY);
    expect(messages.map((m) => [m.source, m.code?.type, m.prefill.attachment?.name])).toEqual([
      ['Mensagem', 'pix', 'conta.jpg'],
    ]);
  });

  it('the same code in the message and in the PDF is listed once; a second photo on its own', async () => {
    const messages = await detectMessages(
      item(`Boleto ${boleto}`, [pdf('boleto.pdf'), photo('obra.jpg')]),
      TODAY,
      pdfTexts({ 'boleto.pdf': boleto }),
    );
    expect(
      messages.map((m) => [m.source, m.code?.code ?? null, m.prefill.attachment?.name]),
    ).toEqual([
      ['Mensagem', boleto, 'boleto.pdf'],
      ['obra.jpg', null, 'obra.jpg'],
    ]);
  });

  it('a message with no code is listed as text, its words offered as the Descrição', async () => {
    const messages = await detectMessages(item('Frete da brita, 3 viagens'), TODAY);
    expect(messages).toEqual([
      expect.objectContaining({
        code: null,
        excerpt: 'Frete da brita, 3 viagens',
        prefill: { code: null, description: 'Frete da brita, 3 viagens', attachment: null },
      }),
    ]);
  });

  it('a PDF whose text cannot be read is still listed, saying so, beside the message codes', async () => {
    const messages = await detectMessages(item(`PIX ${pix}`, [pdf('boleto.pdf')]), TODAY, () =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    expect(messages.map((m) => [m.source, m.code?.type ?? null, m.excerpt])).toEqual([
      ['Mensagem', 'pix', null],
      ['boleto.pdf', null, `boleto.pdf: ${UNREAD_PDF}`],
    ]);
  });

  it('nothing shared but an empty message: nothing listed', async () => {
    expect(await detectMessages(item('  '), TODAY)).toEqual([]);
  });

  it('a shared file that is not what its name says is listed with why, never attached', async () => {
    const text = new File(['Isto é um texto.'], 'foto.jpg', { type: 'image/jpeg' });
    const messages = await detectMessages(item(`Paga no PIX ${pix}`, [text]), TODAY);
    expect(messages.map((m) => [m.source, m.code?.type ?? null, m.prefill.attachment])).toEqual([
      ['Mensagem', 'pix', null],
      ['foto.jpg', null, null],
    ]);
    expect(messages[1]?.excerpt).toBe(
      'foto.jpg não é uma imagem: escolha uma foto (JPEG, PNG, WebP ou HEIC).',
    );
  });
});
