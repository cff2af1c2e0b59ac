/// <reference lib="dom" />
// The morning e-mail (issue 32): at 07:05 of a business day the schedule calls the notify function,
// which sends each admin "Contas do dia" — what is due today, in the next days and overdue, with
// counts and R$ totals. Read here from the local inbox (maildev, as `npm run dev` has it); a line
// of it opens the bill in the app.
//
// The day is one of early 2025, a different one per project: the morning's work covers every
// company once a day, and no other journey has a bill that early, so no other company's bell or
// inbox gets a summary from it.
import { createAccount, expect, signIn, test } from './support';

interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string }[];
  text: string;
  html: string;
}

/** The mails the local inbox holds for `address` (maildev's REST API). */
async function mailsTo(address: string): Promise<CaughtMail[]> {
  const inbox = process.env.E2E_MAIL_URL;
  if (!inbox) throw new Error('run through playwright (global setup sets the stack)');
  const response = await fetch(`${inbox}/api/email`);
  expect(response.status).toBe(200);
  const all = (await response.json()) as CaughtMail[];
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address));
}

/** POST /functions/v1/notify as the schedule does, at `now`. */
async function runNotify(now: string): Promise<void> {
  const base = process.env.E2E_FUNCTIONS_URL;
  const key = process.env.E2E_SERVICE_ROLE_KEY;
  if (!base || !key) throw new Error('run through playwright (global setup sets the stack)');
  const response = await fetch(`${base}/notify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify({ now }),
  });
  expect(response.status, await response.text()).toBe(200);
}

test('the morning e-mail sums what is due, overdue and coming, and its line opens the bill', async ({
  page,
}, testInfo) => {
  // Monday 10 and Tuesday 11 March 2025: business days (Carnaval was on the 3rd and 4th).
  const [day, dayMonth] =
    testInfo.project.name === 'phone' ? ['2025-03-10', '10/03'] : ['2025-03-11', '11/03'];
  const account = await createAccount('Construtora Manhã', 'Marta Manhã');
  const { client, companyId } = account;
  const { data: due } = await client
    .from('accounts_payable')
    .insert({ company_id: companyId, description: 'Cimento da manhã', amount: 480, due_date: day })
    .select('id')
    .single()
    .throwOnError();
  await client
    .from('accounts_payable')
    .insert({
      company_id: companyId,
      description: 'Frete atrasado',
      amount: 150,
      due_date: '2025-03-05',
    })
    .throwOnError();
  await client
    .from('accounts_receivable')
    .insert({
      company_id: companyId,
      description: 'Parcela da casa',
      amount: 2500,
      due_date: '2025-03-13',
    })
    .throwOnError();

  await runNotify(`${day}T07:05:00-03:00`);
  const email = account.email.toLowerCase();
  let mail: CaughtMail | undefined;
  await expect
    .poll(async () => {
      mail = (await mailsTo(email)).find((m) => m.subject.endsWith(dayMonth));
      return mail?.subject;
    })
    .toBe(`Contas do dia — Construtora Manhã — ${dayMonth}`);
  // Counts and R$ totals per section (the amounts as the app writes them, with a no-break space),
  // in its plain-text part too.
  expect(mail!.text).toContain('VENCEM HOJE\nA pagar: 1 conta — R$\u00a0480,00');
  expect(mail!.text).toContain('NOS PRÓXIMOS DIAS\nA receber: 1 conta — R$\u00a02.500,00');
  expect(mail!.text).toContain('VENCIDAS\nA pagar: 1 conta — R$\u00a0150,00');
  expect(mail!.text).toContain(`/lancamentos/expense/${due!.id}`);

  // Run again (the schedule fires every few minutes): the same morning is sent once.
  await runNotify(`${day}T07:10:00-03:00`);
  const subjects = (await mailsTo(email)).map((m) => m.subject);
  expect(
    subjects.filter((subject) => subject === mail!.subject),
    subjects.join('; '),
  ).toHaveLength(1);

  // Read as the inbox shows it; the bill's line opens it in the app, signed in.
  await signIn(page, account.email, account.password);
  await page.setContent(mail!.html);
  await expect(page.getByText('Cimento da manhã')).toBeVisible();
  await page.getByRole('link', { name: /Cimento da manhã/ }).click();
  await expect(page).toHaveURL(new RegExp(`/lancamentos/expense/${due!.id}$`));
  await expect(page.getByRole('heading', { name: 'Cimento da manhã' })).toBeVisible();
});
