// "Exportar Excel" (issue 34): Movimentações with its active filter and the DRE, downloaded on the
// phone and the desktop and read back as a spreadsheet would read them: real dates and numbers, the
// screen's totals to the centavo.
import fs from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import {
  browserToday,
  centsOf,
  createAccount,
  expect,
  listRows,
  signIn,
  test,
  type Account,
} from './support';

async function one<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error || !data) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return data;
}

async function setup(): Promise<Account> {
  const account = await createAccount('Construtora Planilha', 'Paula Planilha');
  const { client, companyId } = account;
  const today = browserToday();
  const bank = await one(
    client
      .from('bank_accounts')
      .insert({ company_id: companyId, name: 'Conta Obra', type: 'checking', initial_balance: 0 })
      .select('id')
      .single(),
  );
  const receivable = (description: string, amount: number, due: string) =>
    one(
      client
        .from('accounts_receivable')
        .insert({ company_id: companyId, description, amount, due_date: due })
        .select('id')
        .single(),
    );
  const lote = await receivable('Venda lote 7', 8000.1, today);
  const sinal = await receivable('Sinal apartamento', 1500.2, today);
  await receivable('Parcela futura', 2000.05, '2099-01-10');
  await one(
    client
      .from('accounts_payable')
      .insert({ company_id: companyId, description: 'Cimento', amount: 300, due_date: today })
      .select('id')
      .single(),
  );
  for (const id of [lote.id, sinal.id]) {
    await one(
      client.rpc('settle_receivable', {
        p_receivable_id: id,
        p_bank_account_id: bank.id,
        p_received_on: today,
      }),
    );
  }
  return account;
}

type Cell = string | number | boolean | Date | null;

async function readDownload(path: string): Promise<Cell[][]> {
  return (await readSheet(fs.readFileSync(path))) as Cell[][];
}

const toCents = (value: Cell) => Math.round(Number(value) * 100);

test('Movimentações and the DRE download as .xlsx with real types and the screen’s totals', async ({
  page,
}) => {
  const account = await setup();
  const today = browserToday();
  await signIn(page, account.email, account.password);

  // Movimentações, only Receber: three entries, the total the screen shows.
  await page.goto('/movimentacoes?tipo=income');
  await expect(listRows(page, 'Movimentações')).toHaveCount(3);
  const saldoCard = page.getByLabel('Totais').getByRole('definition').last();
  await expect(saldoCard).toContainText('11.500,35');
  const saldoOnScreen = centsOf((await saldoCard.textContent()) ?? '');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^movimentacoes-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('Planilha exportada')).toBeVisible();
  const sheet = await readDownload(await download.path());
  expect(String(sheet[0]?.[0])).toContain('Construtora Planilha');
  expect(String(sheet[0]?.[0])).toContain('Receber');
  expect(sheet[1]).toEqual([
    'Data',
    'Vencimento',
    'Tipo',
    'Status',
    'Descrição',
    'Fornecedor/Cliente',
    'Categoria',
    'Obra',
    'Conta',
    'Valor',
    'Rateio',
  ]);
  const data = sheet.slice(2).filter((row) => row[2] === 'Receber');
  expect(data).toHaveLength(3);
  const lote = data.find((row) => row[4] === 'Venda lote 7');
  const [y, m, d] = today.split('-').map(Number);
  expect(lote?.[0]).toEqual(new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)));
  expect(lote?.[9]).toBe(8000.1);
  const futura = data.find((row) => row[4] === 'Parcela futura');
  expect(futura?.[1]).toEqual(new Date(Date.UTC(2099, 0, 10)));
  expect(futura?.[9]).toBe(2000.05);
  // The Saldo row: the screen's card, and what the Valor column adds up to, to the centavo.
  const saldo = sheet.find((row) => row[4] === 'Saldo');
  expect(toCents(saldo?.[9] ?? null)).toBe(saldoOnScreen);
  expect(data.reduce((sum, row) => sum + toCents(row[9] ?? null), 0)).toBe(saldoOnScreen);
  expect(sheet.some((row) => row[4] === 'Cimento')).toBe(false);

  // The DRE (caixa, the last three months): what was received today.
  await page.goto('/relatorio?aba=dre');
  await expect(page.getByRole('button', { name: 'Exportar Excel' })).toBeVisible();
  const dreDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const dreFile = await dreDownload;
  expect(dreFile.suggestedFilename()).toMatch(/^dre-caixa-\d{4}-\d{2}-a-\d{4}-\d{2}\.xlsx$/);
  const dre = await readDownload(await dreFile.path());
  expect(String(dre[0]?.[0])).toContain('DRE gerencial - Regime de caixa');
  expect(dre[1]?.[0]).toBe('Linha');
  expect(dre[1]?.at(-1)).toBe('Total');
  const receita = dre.find((row) => row[0] === 'Receita bruta');
  expect(toCents(receita?.at(-1) ?? null)).toBe(950030);
  const resultado = dre.find((row) => row[0] === '(=) Resultado do período');
  expect(typeof resultado?.at(-1)).toBe('number');
});

test('Contas a Pagar and Movimentações download every bill of a company past one chunk, each once, in the list’s order', async ({
  page,
}) => {
  test.slow(); // 1 205 bills inserted, a sheet of them downloaded and read back
  const account = await createAccount('Construtora Muitas Contas', 'Marta Muitas');
  const { client, companyId } = account;
  // One insert (one created_at): past the 1 000-row chunk only the id orders equal due dates.
  const bills = Array.from({ length: 1205 }, (_, k) => ({
    company_id: companyId,
    description: `Conta ${String(k).padStart(4, '0')}`,
    amount: 10 + (k % 7),
    due_date: `2099-0${1 + (k % 3)}-10`,
  }));
  const { error } = await client.from('accounts_payable').insert(bills);
  expect(error).toBeNull();
  await signIn(page, account.email, account.password);

  await page.goto('/contas-pagar');
  await expect(page.getByRole('button', { name: 'Exportar Excel' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contas-a-pagar-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = await readDownload(await download.path());
  const descriptions = sheet.map((row) => row[3]).filter((d) => String(d).startsWith('Conta '));
  expect(descriptions).toHaveLength(1205);
  expect(new Set(descriptions).size).toBe(1205);
  // Soonest due first, as the list: every January bill before every February one.
  const months = sheet
    .filter((row) => String(row[3]).startsWith('Conta '))
    .map((row) => (row[0] as Date).getUTCMonth());
  expect(months).toEqual([...months].sort((a, b) => a - b));

  // Movimentações: latest first, 402 bills on a day, so chunks end mid-day (afterLatestChunk).
  await page.goto('/movimentacoes');
  await expect(page.getByRole('button', { name: 'Exportar Excel' })).toBeVisible();
  const movementsDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const movements = (await readDownload(await (await movementsDownload).path())).filter((row) =>
    String(row[4]).startsWith('Conta '),
  );
  expect(movements).toHaveLength(1205);
  expect(new Set(movements.map((row) => row[4])).size).toBe(1205);
  const days = movements.map((row) => (row[0] as Date).getTime());
  expect(days).toEqual([...days].sort((a, b) => b - a));
});
