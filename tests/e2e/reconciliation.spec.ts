// Conciliação bancária journey: a bank's OFX 1.02 file in Windows-1252 with one line that
// pays a pending payable, one that is a receipt already in the books and one the books do not have;
// another account's file is flagged before anything is saved; importing twice adds nothing;
// "Confirmar todas as sugestões" reconciles all three; the system balance then matches the bank's.
import { Buffer } from 'node:buffer';
import type { Locator, Page } from '@playwright/test';
import { browserToday, createAccount, expect, screenshot, signIn, test } from './support';

/**
 * Lets a toast go, as a person would, before reaching for what it covers on a phone: the pointer is
 * moved off it first (a pointer resting on a sonner toast pauses it).
 */
async function toastGone(page: Page, text: string) {
  await page.mouse.move(2, 420);
  await expect(page.getByText(text)).toBeHidden();
}

/**
 * The toast, once it stopped moving (sonner slides it in), shares no pixel with `other`: what the
 * user taps next is not under it.
 */
async function expectNoOverlap(toast: Locator, other: Locator) {
  await other.scrollIntoViewIfNeeded();
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await toast.boundingBox());
        const settled = box === last;
        last = box;
        return settled;
      },
      { intervals: [100] },
    )
    .toBe(true);
  const [a, b] = [await toast.boundingBox(), await other.boundingBox()];
  expect(a && b).toBeTruthy();
  if (!a || !b) return;
  const apart =
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
  expect(apart, `toast ${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(true);
}

function daysBefore(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

const ofxDate = (iso: string) => iso.replace(/-/g, '');
const br = (iso: string) => iso.split('-').reverse().join('/');

function ofxFile(opts: {
  branch: string;
  account: string;
  start: string;
  end: string;
  balance: string;
  lines: { date: string; amount: string; fitid: string; memo: string }[];
}): Buffer {
  const text = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>BRL',
    `<BANKACCTFROM><BANKID>0341<BRANCHID>${opts.branch}<ACCTID>${opts.account}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
    `<BANKTRANLIST><DTSTART>${ofxDate(opts.start)}<DTEND>${ofxDate(opts.end)}`,
    ...opts.lines.map(
      (l) =>
        `<STMTTRN><TRNTYPE>${l.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${ofxDate(l.date)}<TRNAMT>${l.amount}<FITID>${l.fitid}<MEMO>${l.memo}</STMTTRN>`,
    ),
    '</BANKTRANLIST>',
    `<LEDGERBAL><BALAMT>${opts.balance}<DTASOF>${ofxDate(opts.end)}</LEDGERBAL>`,
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
  ].join('\r\n');
  // Windows-1252 / Latin-1 bytes, as Brazilian banks send them.
  return Buffer.from(text, 'latin1');
}

test('import an OFX statement, confirm the suggestions, balances agree', async ({ page }) => {
  test.slow();
  const user = await createAccount('Construtora Extrato Certo', 'Carla Conciliação');
  const today = browserToday();
  const d1 = daysBefore(today, 9);
  const d2 = daysBefore(today, 7);
  const d3 = daysBefore(today, 5);

  const { data: account, error } = await user.client
    .from('bank_accounts')
    .insert({
      company_id: user.companyId,
      name: 'Banco da Obra',
      type: 'checking',
      agency: '1234',
      account_number: '56789-0',
      initial_balance: 1000,
    })
    .select()
    .single();
  if (error) throw error;
  const payable = await user.client.from('accounts_payable').insert({
    company_id: user.companyId,
    description: 'Concreto São José',
    amount: 150,
    due_date: daysBefore(today, 11),
  });
  if (payable.error) throw payable.error;
  const receivable = await user.client
    .from('accounts_receivable')
    .insert({
      company_id: user.companyId,
      description: 'Medição obra Jardim',
      amount: 200,
      due_date: d2,
    })
    .select()
    .single();
  if (receivable.error) throw receivable.error;
  const settled = await user.client.rpc('settle_receivable', {
    p_receivable_id: receivable.data.id,
    p_bank_account_id: account.id,
    p_received_on: d2,
    p_today: today,
  });
  if (settled.error) throw settled.error;

  const lines = [
    { date: d1, amount: '-150,00', fitid: 'F-001', memo: 'PAGTO CONCRETO SÃO JOSÉ' },
    { date: d2, amount: '200.00', fitid: 'F-002', memo: 'TED RECEBIDA MEDIÇÃO' },
    { date: d3, amount: '-35.90', fitid: 'F-003', memo: 'TARIFA MENSAL' },
  ];
  const statement = ofxFile({
    branch: '1234',
    account: '56789-0',
    start: daysBefore(today, 10),
    end: d3,
    // 1000 + 200 − 150 − 35,90
    balance: '1014.10',
    lines,
  });

  await signIn(page, user.email, user.password);
  if (test.info().project.name === 'desktop')
    await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/contas-bancarias/${account.id}`);
  await page.getByRole('link', { name: 'Importar extrato (OFX)' }).click();
  await expect(page).toHaveURL(new RegExp(`/contas-bancarias/${account.id}/conciliacao$`));
  await expect(page.getByRole('heading', { name: 'Conciliação bancária' })).toBeVisible();
  await expect(page.getByText('Nenhum extrato importado')).toBeVisible();

  const fileInput = page.getByLabel('Arquivo do extrato (OFX ou CSV)');

  // Another account's file: warned before anything is saved; cancelled.
  await fileInput.setInputFiles({
    name: 'outra-conta.ofx',
    mimeType: 'application/x-ofx',
    buffer: ofxFile({
      branch: '9999',
      account: '11111-1',
      start: d1,
      end: d3,
      balance: '1,00',
      lines: [{ date: d1, amount: '-1,00', fitid: 'X-1', memo: 'OUTRA' }],
    }),
  });
  const preview = page.getByRole('region', { name: 'Prévia do extrato' });
  await expect(preview.getByRole('alert')).toContainText('parece ser de outra conta');
  await expect(preview.getByRole('button', { name: 'Importar mesmo assim' })).toBeVisible();
  await preview.getByRole('button', { name: 'Cancelar' }).click();
  await expect(preview).toHaveCount(0);

  // The real file: period, closing balance and the lines, with the accented memo decoded.
  await fileInput.setInputFiles({
    name: 'extrato.ofx',
    mimeType: 'application/x-ofx',
    buffer: statement,
  });
  await expect(preview).toContainText(`${br(daysBefore(today, 10))} a ${br(d3)}`);
  await expect(preview).toContainText('R$ 1.014,10');
  await expect(preview).toContainText('PAGTO CONCRETO SÃO JOSÉ');
  await expect(preview).toContainText('FITID F-003');
  await expect(preview.getByRole('alert')).toHaveCount(0);
  await screenshot(page, 'reconciliation-preview');
  await preview.getByRole('button', { name: 'Importar 3 lançamentos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'já importado' })).toHaveText(
    'Extrato importado: 3 lançamentos novos, 0 já importados.',
  );

  // The same file again adds nothing.
  await fileInput.setInputFiles({
    name: 'extrato.ofx',
    mimeType: 'application/x-ofx',
    buffer: statement,
  });
  await preview.getByRole('button', { name: 'Importar 3 lançamentos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'já importado' })).toHaveText(
    'Extrato importado: 0 lançamentos novos, 3 já importados.',
  );

  // Suggestions: Dar baixa in the payable, the receipt already in the books, a new entry.
  const pending = page.getByRole('list', { name: 'Lançamentos a conciliar' });
  await expect(pending.getByRole('listitem')).toHaveCount(3);
  await expect(pending.getByRole('listitem', { name: 'PAGTO CONCRETO SÃO JOSÉ' })).toContainText(
    'Dar baixa em Concreto São José',
  );
  await expect(pending.getByRole('listitem', { name: 'TED RECEBIDA MEDIÇÃO' })).toContainText(
    'Conciliado: Medição obra Jardim',
  );
  const tarifa = pending.getByRole('listitem', { name: 'TARIFA MENSAL' });
  await expect(tarifa.getByRole('button', { name: 'Criar lançamento' })).toBeVisible();
  await expect(tarifa.getByLabel('Descrição')).toHaveValue('TARIFA MENSAL');
  await tarifa.getByLabel('Descrição').fill('Tarifa bancária mensal');
  const balances = page.getByRole('definition').filter({ hasText: /R\$|conferem/ });
  await expect(page.getByText(`Saldo do extrato em ${br(d3)}`)).toBeVisible();
  await screenshot(page, 'reconciliation-suggestions');
  // Long suggestions wrap: the page never scrolls sideways on a phone.
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(
    true,
  );

  await page.getByRole('button', { name: 'Confirmar todas as sugestões' }).click();
  await expect(page.getByText('3 lançamentos conciliados')).toBeVisible();
  await expect(page.getByText('Tudo conciliado')).toBeVisible();
  await expect(page.getByText('Saldos conferem')).toBeVisible();
  await expect(balances.first()).toContainText('R$ 1.014,10');
  const done = page.getByRole('list', { name: 'Lançamentos conciliados' });
  await expect(done.getByRole('listitem', { name: 'PAGTO CONCRETO SÃO JOSÉ' })).toContainText(
    'Baixa dada',
  );
  await expect(done.getByRole('listitem', { name: 'TARIFA MENSAL' })).toContainText(
    'Tarifa bancária mensal',
  );
  await screenshot(page, 'reconciliation-done');
  await toastGone(page, '3 lançamentos conciliados');

  // Undo the new entry: the line is open again and the balances differ by its amount.
  await done
    .getByRole('listitem', { name: 'TARIFA MENSAL' })
    .getByRole('button', { name: 'Desfazer' })
    .click();
  await expect(page.getByText('Conciliação desfeita')).toBeVisible();
  await toastGone(page, 'Conciliação desfeita');
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Saldos conferem')).toHaveCount(0);
  await pending
    .getByRole('listitem', { name: 'TARIFA MENSAL' })
    .getByRole('button', { name: 'Criar lançamento' })
    .click();
  // The user sees the toast, then taps on: it covers neither the back link nor the navigation.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Lançamento conciliado' });
  await expect(toast).toBeVisible();
  await expect(page.getByText('Saldos conferem')).toBeVisible();
  await expectNoOverlap(toast, page.getByRole('link', { name: 'Voltar à conta' }));
  await expectNoOverlap(toast, page.getByRole('navigation', { name: 'Navegação principal' }));

  // The account's own balance is the bank's, and its detail says so.
  await page.getByRole('link', { name: 'Voltar à conta' }).click();
  await expect(page.getByText('Extrato todo conciliado · saldos conferem')).toBeVisible();
  await expect(page.getByText('R$ 1.014,10').first()).toBeVisible();
});

test('a known FITID with another amount is kept and flagged; a file name too long keeps the file', async ({
  page,
}) => {
  test.slow();
  const user = await createAccount('Construtora Extrato Conflito', 'Célia Conflito');
  const today = browserToday();
  const d1 = daysBefore(today, 6);
  const { data: account, error } = await user.client
    .from('bank_accounts')
    .insert({
      company_id: user.companyId,
      name: 'Banco Conflito',
      type: 'checking',
      agency: '1234',
      account_number: '56789-0',
      initial_balance: 0,
    })
    .select()
    .single();
  if (error) throw error;
  const file = (amount: string) =>
    ofxFile({
      branch: '1234',
      account: '56789-0',
      start: d1,
      end: d1,
      balance: amount,
      lines: [{ date: d1, amount, fitid: 'C-001', memo: 'PAGTO FORNECEDOR' }],
    });

  await signIn(page, user.email, user.password);
  await page.goto(`/contas-bancarias/${account.id}/conciliacao`);
  await expect(page.getByRole('heading', { name: 'Conciliação bancária' })).toBeVisible();
  const fileInput = page.getByLabel('Arquivo do extrato (OFX ou CSV)');
  const preview = page.getByRole('region', { name: 'Prévia do extrato' });
  const result = page.getByRole('status').filter({ hasText: 'já importado' });

  await fileInput.setInputFiles({
    name: 'extrato.ofx',
    mimeType: 'application/x-ofx',
    buffer: file('-10.00'),
  });
  await preview.getByRole('button', { name: 'Importar 1 lançamento' }).click();
  await expect(result).toHaveText('Extrato importado: 1 lançamento novo, 0 já importados.');

  // The bank sends the same FITID with another amount: kept, counted and flagged, never skipped.
  await fileInput.setInputFiles({
    name: 'extrato-2.ofx',
    mimeType: 'application/x-ofx',
    buffer: file('-12.00'),
  });
  await preview.getByRole('button', { name: 'Importar 1 lançamento' }).click();
  await expect(result).toHaveText(
    'Extrato importado: 1 lançamento novo, 0 já importados. 1 lançamento novo tem conflito com lançamento já importado: confira antes de conciliar.',
  );
  const pending = page.getByRole('list', { name: 'Lançamentos a conciliar' });
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await expect(pending.getByRole('listitem').filter({ hasText: 'R$ 12,00' })).toContainText(
    'Conflito com lançamento já importado',
  );
  await expect(pending.getByRole('listitem').filter({ hasText: 'R$ 10,00' })).not.toContainText(
    'Conflito com lançamento já importado',
  );
  await screenshot(page, 'reconciliation-conflict');
  // "Confirmar todas as sugestões" leaves the flagged line for the user.
  await page.getByRole('button', { name: 'Confirmar todas as sugestões' }).click();
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await expect(pending.getByRole('listitem')).toContainText('Conflito com lançamento já importado');
  await expect(page.getByRole('button', { name: 'Confirmar todas as sugestões' })).toHaveCount(0);
  await page.mouse.move(2, 420);
  await expect(page.getByText('1 lançamento conciliado')).toBeHidden();

  // A file name over 255 characters: refused in Portuguese, the chosen file stays to try again.
  await fileInput.setInputFiles({
    name: `${'extrato-'.repeat(40)}.ofx`,
    mimeType: 'application/x-ofx',
    buffer: file('-13.00'),
  });
  await preview.getByRole('button', { name: 'Importar 1 lançamento' }).click();
  await expect(
    page.getByText('O nome do arquivo é longo demais (máximo 255 caracteres).', { exact: false }),
  ).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Importar 1 lançamento' })).toBeVisible();
  await expect(pending.getByRole('listitem')).toHaveCount(1);
});
