/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
// Via WhatsApp for real: a boleto PDF shared into the installed app (the manifest's share_target,
// a multipart POST to /compartilhar answered by the service worker) opens Lançar's Via WhatsApp
// tab with the code read from the PDF's text on the device; Pré-preencher fills Conta a Pagar with
// the PDF attached, and the payable is saved with its value, due date and code.
import { addDaysIso } from '../../src/lib/dates';
import { formatBoletoLine } from '../../src/lib/capture/payment-codes';
import { bancarioLine } from '../../src/test/payment-codes';
import { browserToday, createAccount, expect, screenshot, signIn, test } from './support';

// playwright.config.ts blocks service workers for the other journeys; the share target is one.
test.use({ serviceWorkers: 'allow' });

/** A one-page PDF whose text is the given lines (Helvetica, ASCII), with a correct xref. */
function pdfWithText(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 11 Tf 40 800 Td 14 TL ${lines.map((l) => `(${escape(l)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

test('a boleto PDF shared into the app opens Via WhatsApp with its code; Pré-preencher fills Conta a Pagar', async ({
  page,
  request,
}) => {
  // The installed app is offered in the share sheet for text, images and PDFs.
  await page.goto('/auth');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(new URL(href ?? '', page.url()).href)).json()) as {
    share_target?: unknown;
  };
  expect(manifest.share_target).toEqual({
    action: '/compartilhar',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      title: 'title',
      text: 'text',
      url: 'url',
      files: [{ name: 'files', accept: ['image/*', 'application/pdf'] }],
    },
  });

  const account = await createAccount('Construtora Compartilha', 'Clara Compartilha');
  const due = addDaysIso(browserToday(), 9);
  const line = bancarioLine('341', due, 98765);
  await signIn(page, account.email, account.password);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);

  // What Android's share sheet does: a navigation POST of multipart/form-data to the action.
  const pdf = pdfWithText([
    'BANCO ITAU S.A.',
    'Beneficiario: AREIA BOA LTDA',
    formatBoletoLine(line),
    'Pagador: Construtora Compartilha',
  ]);
  await page.evaluate(
    ({ base64, text }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/compartilhar';
      form.enctype = 'multipart/form-data';
      const message = document.createElement('input');
      message.name = 'text';
      message.value = text;
      const files = document.createElement('input');
      files.type = 'file';
      files.name = 'files';
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'boleto.pdf', { type: 'application/pdf' }));
      files.files = transfer.files;
      form.append(message, files);
      document.body.append(form);
      form.submit();
    },
    { base64: pdf.toString('base64'), text: 'Segue o boleto da areia' },
  );
  await page.waitForURL(/\/lancar\?aba=whatsapp&compartilhado=1$/);

  const messages = page.getByRole('region', { name: 'Mensagens Detectadas' });
  const item = messages.getByRole('listitem').filter({ hasText: 'Boleto Itaú' });
  await expect(item).toContainText(/R\$\s987,65 · vencimento .* · em boleto\.pdf/);
  await expect(item).toContainText('Anexo: boleto.pdf');
  await screenshot(page, 'lancar-via-whatsapp');
  await item.getByRole('button', { name: /Pré-preencher/ }).click();

  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await expect(form.getByLabel(/^Valor/)).toHaveValue(/R\$\s987,65/);
  await expect(form.getByLabel('Código de barras ou PIX')).toHaveValue(line);
  await expect(form.getByText('PDF anexado')).toBeVisible();
  await form.getByLabel(/^Descrição/).fill('Boleto da areia');
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Lançamento salvo!')).toBeVisible();

  const { data: rows, error } = await account.client
    .from('accounts_payable')
    .select('amount, due_date, boleto_code')
    .eq('company_id', account.companyId);
  expect(error).toBeNull();
  expect(rows).toEqual([{ amount: 987.65, due_date: due, boleto_code: line }]);
});
