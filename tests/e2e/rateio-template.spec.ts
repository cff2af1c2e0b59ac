// Issue 33's journey "apply the overhead template across three obras": in Lançar, a new bill of
// the office (aluguel) is split with the company's rateio padrão (by budget among the active obras)
// in one tap, and saved with one part per obra, exact to the centavo.
//
// WIRED BY THE LEAD after merging the `ui` helper's split editor. What this journey assumes of it:
//   - Lançar's form (role form "Conta a Pagar") has a control named "Ratear" (role switch) that
//     opens the split editor inside the form;
//   - the editor renders <ApplySplitTemplate kind="expense" amountCents={…} onApply={…} /> whose
//     button is "Aplicar rateio padrão" (its own, see apply-split-template.tsx) and, with one
//     template, the text "Rateio padrão: <name>";
//   - after applying, each part shows its obra's name (and its amount as "R$ 1.467,39") in the form;
//   - Salvar saves the entry with `parts` (toDbParts) and toasts "Lançamento salvo!".
// Adjust the two editor selectors marked EDITOR below if the editor names them otherwise.
import type { Page } from '@playwright/test';
import {
  browserToday,
  createAccount,
  expect,
  screenshot,
  signIn,
  test,
  type Account,
} from './support';

async function createProject(account: Account, name: string, budget: number, status: string) {
  const { data, error } = await account.client.rpc('create_project', {
    p_company_id: account.companyId,
    p_name: name,
    p_address: 'Rua das Obras, 1',
    p_client_name: 'Cliente',
    p_budget: budget,
    p_start_date: '2026-01-10',
    p_end_date: '2027-12-20',
    p_stages: ['Fundação'],
    p_status: status,
  });
  if (error) throw error;
  return (data as { id: string }).id;
}

async function pickToday(page: Page) {
  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await form.getByLabel('Data de Vencimento').click();
  await page.locator('[data-today] button, button[data-today]').click();
}

test('apply the overhead rateio padrão to a new bill across three obras', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await createAccount('Construtora Rateio Escritório');
  const jardim = await createProject(account, 'Casa 001 - Jardim', 450000, 'in_progress');
  const vila = await createProject(account, 'Casa 002 - Vila', 280000, 'in_progress');
  const parque = await createProject(account, 'Casa 003 - Parque', 190000, 'planning');
  // Closed and paused obras take no share of the office's costs.
  await createProject(account, 'Casa 000 - Entregue', 500000, 'completed');
  await createProject(account, 'Casa 004 - Parada', 300000, 'paused');
  const { data: category, error } = await account.client
    .from('categories')
    .insert({ company_id: account.companyId, name: 'Administrativo', type: 'expense' })
    .select('id')
    .single();
  if (error) throw error;
  const created = await account.client.from('split_templates').insert({
    company_id: account.companyId,
    name: 'Despesas administrativas',
    kind: 'expense',
    method: 'budget',
    category_id: category.id,
    is_default: true,
  });
  if (created.error) throw created.error;
  await signIn(page, account.email, account.password);

  await page.goto('/lancar');
  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await form.getByLabel('Descrição').fill('Aluguel do escritório');
  await form.getByLabel('Valor').fill('3.000,00');
  await pickToday(page);
  // The "Ratear" button of Lançar opens the split editor.
  await form.getByRole('button', { name: 'Ratear', exact: true }).click();
  await expect(form.getByText('Rateio padrão: Despesas administrativas')).toBeVisible();
  await form.getByRole('button', { name: 'Aplicar rateio padrão' }).click();
  // The parts as the editor shows them (obra and amount of each), editable before saving.
  const shown: [obra: string, amount: string][] = [
    ['Casa 001 - Jardim', 'R$ 1.467,39'],
    ['Casa 002 - Vila', 'R$ 913,04'],
    ['Casa 003 - Parque', 'R$ 619,57'],
  ];
  for (const [index, [obra, amount]] of shown.entries()) {
    await expect(form.getByRole('combobox', { name: `Obra da parte ${index + 1}` })).toHaveText(
      obra,
    );
    // The currency input writes R$ and the number joined by a no-break space.
    await expect(form.getByRole('textbox', { name: `Valor da parte ${index + 1}` })).toHaveValue(
      amount.replace(' ', '\u00a0'),
    );
  }
  await expect(form.getByText('Soma confere')).toBeVisible();
  await screenshot(page, 'lancar-rateio-padrao');
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Lançamento salvo!').first()).toBeVisible();

  // Saved with one part per active obra by budget (450/280/190 mil), the centavo left to the
  // largest remainder, each with the template's categoria; the entry's own obra and categoria null.
  const { data: saved } = await account.client
    .from('accounts_payable')
    .select('amount, due_date, project_id, category_id, parts')
    .eq('description', 'Aluguel do escritório')
    .single();
  expect(saved).toMatchObject({
    amount: 3000,
    due_date: browserToday(),
    project_id: null,
    category_id: null,
  });
  expect(
    (saved?.parts as { project_id: string; category_id: string; amount: number }[]).map((p) => [
      p.project_id,
      p.category_id,
      p.amount,
    ]),
  ).toEqual([
    [jardim, category.id, 1467.39],
    [vila, category.id, 913.04],
    [parque, category.id, 619.57],
  ]);
});
