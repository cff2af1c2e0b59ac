// Preferências → Notificações (issue 32), against the real stack: the member's choices per kind are
// saved and come back; "Ativar notificações neste aparelho" asks the permission on the tap,
// subscribes through the real service worker with the notify function's VAPID key, and the server
// keeps the device; "Desativar" removes it; a delivery that failed is shown. Headless Chromium has
// no push service: PushManager.subscribe is played by the init script below (a subscription with
// the keys a browser makes).
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Locator, Page } from '@playwright/test';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types';
import { startPushService, type PushSubscriptionKeys } from '../support/push-service';
import {
  apiClient,
  browserToday,
  createAccount,
  expect,
  screenshot,
  signIn,
  test,
  uniqueEmail,
} from './support';

// playwright.config.ts blocks service workers for the other journeys: this one needs the app's.
test.use({ serviceWorkers: 'allow' });

/** The notify function's VAPID public key, as the app reads it (GET …/notify/vapid-public-key). */
async function vapidKey(): Promise<string> {
  const base = process.env.E2E_FUNCTIONS_URL;
  const anonKey = process.env.E2E_ANON_KEY;
  if (!base || !anonKey) throw new Error('run through playwright (global setup sets the stack)');
  const response = await fetch(`${base}/notify/vapid-public-key`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

/**
 * A stand-in for the browser's push service: subscribe() answers at once, with `preset` (a
 * subscription of the test's local push service, which decrypts what the function sends) or with
 * made-up keys at a made-up endpoint.
 */
function fakePushManager(preset?: PushSubscriptionKeys): string {
  return `
(() => {
  const PRESET = ${JSON.stringify(preset ?? null)};
  const KEY = 'e2e-push-subscription';
  const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const p256dh = PRESET ? PRESET.p256dh : b64(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i)));
  const auth = PRESET ? PRESET.auth : b64(Uint8Array.from({ length: 16 }, (_, i) => i + 1));
  function make(endpoint, key) {
    return {
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(key).buffer },
      getKey: () => null,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => { localStorage.removeItem(KEY); return true; },
    };
  }
  PushManager.prototype.getSubscription = async function () {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return saved ? make(saved.endpoint, saved.key) : null;
  };
  PushManager.prototype.subscribe = async function (options) {
    const key = Array.from(new Uint8Array(options.applicationServerKey));
    const endpoint = PRESET ? PRESET.endpoint : 'https://push.example.test/send/' + crypto.randomUUID();
    localStorage.setItem(KEY, JSON.stringify({ endpoint, key }));
    window.__subscribedWith = { userVisibleOnly: options.userVisibleOnly, key };
    return make(endpoint, key);
  };
})();
`;
}

function serviceClient() {
  const url = process.env.E2E_API_URL;
  const key = process.env.E2E_SERVICE_ROLE_KEY;
  if (!url || !key) throw new Error('run through playwright (global setup sets the stack)');
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
}

/** The section alone, as it looks (the phone at its narrowest, 360 px), beside screenshot()'s. */
async function sectionShot(section: Locator, name: string): Promise<void> {
  const dir = path.join('test-results', 'screens', test.info().project.name, 'notifications');
  fs.mkdirSync(dir, { recursive: true });
  await section.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** The app's service worker is installed and active (the app registers it after its first screen). */
async function workerActive(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test('Notificações: choices saved per kind, this device subscribed and removed, a failed e-mail shown', async ({
  page,
}) => {
  test.slow();
  const admin = await createAccount('Construtora Avisos', 'Paula Dona');
  const {
    data: { user },
  } = await admin.client.auth.getUser();
  if (!user) throw new Error('no user');
  // The daily e-mail of today could not be sent, after every retry (what finish_delivery leaves).
  const today = browserToday();
  await serviceClient()
    .from('notice_deliveries')
    .insert({
      company_id: admin.companyId,
      user_id: user.id,
      channel: 'email',
      kind: 'due_summary',
      event_key: today,
      status: 'failed',
      attempts: 5,
      last_error: '550 mailbox unavailable',
    })
    .throwOnError();

  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(fakePushManager());
  const permissionAsked: string[] = [];
  await page.exposeFunction('e2ePermissionAsked', (state: string) => {
    permissionAsked.push(state);
  });
  await page.addInitScript(`
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = async (...args) => {
      const answer = await ask(...args);
      window.e2ePermissionAsked(answer);
      return answer;
    };
  `);

  if (test.info().project.name === 'phone') await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, admin.email, admin.password);
  await workerActive(page);
  await page.goto('/preferencias');

  const section = page.getByRole('region', { name: 'Notificações' });
  const failed = section.getByRole('region', { name: /Envios que falharam/ });
  const [, month, day] = today.split('-');
  await expect(failed).toContainText(`Não foi possível enviar o e-mail de ${day}/${month}`);
  await expect(failed).toContainText('Contas a vencer.');
  await expect(failed).not.toContainText('mailbox');

  // An admin's kinds, with the database's defaults.
  const pending = section.getByRole('group', { name: 'Aprovações pendentes' });
  await expect(pending.getByRole('switch', { name: 'Receber no app' })).toBeChecked();
  await expect(pending.getByRole('switch', { name: 'E-mail' })).not.toBeChecked();
  await expect(section.getByRole('group', { name: 'Aprovações decididas' })).toHaveCount(0);
  await pending.getByRole('switch', { name: 'E-mail' }).click();
  await expect(pending.getByRole('switch', { name: 'E-mail' })).toBeChecked();

  // Nothing was asked when the screen opened.
  const enable = section.getByRole('button', { name: 'Ativar notificações neste aparelho' });
  await expect(enable).toBeVisible();
  expect(permissionAsked).toEqual([]);
  await screenshot(page, 'notificacoes-desativadas');
  await sectionShot(section, 'secao-desativadas');

  await enable.click();
  await expect(page.getByText('Notificações ativadas neste aparelho')).toBeVisible();
  await expect(section.getByRole('status').filter({ hasText: /^Ativadas\./ })).toBeVisible();
  expect(permissionAsked).toEqual(['granted']);
  const subscribedWith = await page.evaluate(
    () => (window as unknown as { __subscribedWith: unknown }).__subscribedWith,
  );
  expect(subscribedWith).toEqual({
    userVisibleOnly: true,
    key: Array.from(Buffer.from(await vapidKey(), 'base64url')),
  });
  const { data: devices } = await admin.client
    .from('push_subscriptions')
    .select('endpoint, user_agent')
    .throwOnError();
  expect(devices).toHaveLength(1);
  expect(devices?.[0]?.endpoint).toMatch(/^https:\/\/push\.example\.test\/send\//);
  expect(devices?.[0]?.user_agent).toContain('Chrome');
  await screenshot(page, 'notificacoes-ativadas');
  await sectionShot(section, 'secao-ativadas');

  // The app's service worker carries the push handler (public/push.js, imported by Workbox's
  // sw.js): what the function sends shows as a notification, and a tap opens its link in this
  // window. Headless Chromium delivers no push, so the worker's own handlers are called.
  const worker =
    page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
  await worker.evaluate(`self.pushHandlers.showPush(self.registration, {
    json: () => ({ title: 'Aprovação pendente: Areia média — R$ 480,00 — Obra Norte',
                   body: 'Lançado por Enzo Engenheiro', link: '/avisos', tag: 'approval_pending:e2e' }),
    text: () => '',
  })`);
  const shown = await page.evaluate(`navigator.serviceWorker.ready
    .then((registration) => registration.getNotifications())
    .then((list) => list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, link: n.data.link })))`);
  expect(shown).toEqual([
    {
      title: 'Aprovação pendente: Areia média — R$ 480,00 — Obra Norte',
      body: 'Lançado por Enzo Engenheiro',
      tag: 'approval_pending:e2e',
      link: new URL('/avisos', page.url()).href,
    },
  ]);
  await worker.evaluate(`self.pushHandlers.openLink(self.clients, '/avisos')`);
  await expect(page).toHaveURL(/\/avisos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Avisos' })).toBeVisible();

  // What was chosen and this device's state come back from the server.
  await page.goto('/preferencias');
  await expect(
    section.getByRole('group', { name: 'Aprovações pendentes' }).getByRole('switch', {
      name: 'E-mail',
    }),
  ).toBeChecked();
  const disable = section.getByRole('button', { name: 'Desativar neste aparelho' });
  await disable.click();
  await expect(page.getByText('Notificações desativadas neste aparelho')).toBeVisible();
  await expect(enable).toBeVisible();
  const { data: after } = await admin.client.from('push_subscriptions').select('id').throwOnError();
  expect(after).toEqual([]);
});

/**
 * POST /functions/v1/notify as the local schedule does on `notice_written`, at 00:00 of today in
 * São Paulo: before 07:00, so the run plans and sends the notices' deliveries and writes no daily
 * summary into the other journeys' companies (their bells count).
 */
async function runNotify(): Promise<void> {
  const base = process.env.E2E_FUNCTIONS_URL;
  const key = process.env.E2E_SERVICE_ROLE_KEY;
  if (!base || !key) throw new Error('run through playwright (global setup sets the stack)');
  const response = await fetch(`${base}/notify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' },
    // Brazil keeps -03:00 all year (no daylight saving since 2019).
    body: JSON.stringify({ now: `${browserToday()}T00:00:00-03:00` }),
  });
  // What it sent is not counted here: a journey running beside this one may have sent it first.
  expect(response.status, await response.text()).toBe(200);
}

/** Admin Paula with an alçada of R$ 300,00, and Enzo, an obra member of Obra Norte. */
async function teamWithAlcada() {
  const admin = await createAccount('Construtora Avisos', 'Paula Dona');
  const { client, companyId } = admin;
  await client
    .rpc('update_company', {
      p_company_id: companyId,
      p_name: 'Construtora Avisos',
      p_document: '',
      p_email: '',
      p_phone: '',
      p_address: '',
      p_city: '',
      p_state: '',
      p_zip_code: '',
      p_approval_threshold: 300,
    })
    .throwOnError();
  const { data: obra } = await client
    .from('projects')
    .insert({ company_id: companyId, name: 'Obra Norte' })
    .select('id')
    .single()
    .throwOnError();
  const email = uniqueEmail('engenheiro');
  const { data: invitation } = await client
    .rpc('create_invitation', {
      p_company_id: companyId,
      p_email: email,
      p_role: 'obra',
      p_project_ids: [obra.id],
    })
    .single()
    .throwOnError();
  const engineer = apiClient();
  const { error } = await engineer.auth.signUp({
    email,
    password: 'segredo123',
    options: { data: { full_name: 'Enzo Engenheiro' } },
  });
  if (error) throw error;
  await engineer.rpc('accept_invitation', { p_token: invitation.token }).throwOnError();
  return { admin, engineer, obraId: obra.id };
}

test('the admin’s phone gets the approval request as a notification; its tap opens the expense', async ({
  page,
}) => {
  test.slow();
  const cert = process.env.E2E_PUSH_TLS_CERT;
  const key = process.env.E2E_PUSH_TLS_KEY;
  if (!cert || !key) throw new Error('run through playwright (global setup makes the certificate)');
  // The phone's push service: it decrypts what the notify function sends (RFC 8291).
  const push = await startPushService({
    cert: fs.readFileSync(cert, 'utf8'),
    key: fs.readFileSync(key, 'utf8'),
  });
  try {
    const phone = push.subscribe();
    const { admin, engineer, obraId } = await teamWithAlcada();

    // Paula turns notifications on on her phone.
    await page.context().grantPermissions(['notifications']);
    await page.addInitScript(fakePushManager(phone));
    await signIn(page, admin.email, admin.password);
    await workerActive(page);
    await page.goto('/preferencias');
    await page.getByRole('button', { name: 'Ativar notificações neste aparelho' }).click();
    await expect(page.getByText('Notificações ativadas neste aparelho')).toBeVisible();

    // Enzo records R$ 480,00 at the site (above the alçada): it waits for approval.
    const description = `Areia média ${Date.now()}`;
    const { data: payable } = await engineer
      .from('accounts_payable')
      .insert({
        company_id: admin.companyId,
        description,
        amount: 480,
        due_date: browserToday(),
        project_id: obraId,
      })
      .select('id, approval_status')
      .single()
      .throwOnError();
    expect(payable.approval_status).toBe('pending');

    // The notify function sends it to Paula's phone, encrypted for it (here called as the schedule
    // does on notice_written; the schedule itself: tests/functions).
    // Two arrive, in either order: Enzo's acceptance of the invitation (unread, so it is pushed to
    // the device turned on since) and the request.
    await runNotify();
    const received = await push.waitFor(phone.endpoint, 2);
    expect(push.errors).toEqual([]);
    const payloads = received.map(
      (message) =>
        JSON.parse(message.text) as { title: string; body: string; link: string; tag: string },
    );
    expect(payloads.map((p) => p.tag.split(':')[0]).sort()).toEqual([
      'approval_pending',
      'invitation_accepted',
    ]);
    const payload = payloads.find((p) => p.tag.startsWith('approval_pending:'))!;
    expect(payload).toMatchObject({
      title: `Aprovação pendente: ${description} — R$ 480,00 — Obra Norte`,
      link: `/lancamentos/expense/${payable.id}`,
    });
    expect(payload.tag).toMatch(/^approval_pending:/);

    // The phone's service worker shows it; a tap opens the expense.
    const worker =
      page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
    await worker.evaluate(
      `self.pushHandlers.showPush(self.registration, { json: () => (${JSON.stringify(payload)}), text: () => '' })`,
    );
    const shown = await page.evaluate(`navigator.serviceWorker.ready
      .then((registration) => registration.getNotifications())
      .then((list) => list.map((n) => n.title))`);
    expect(shown).toEqual([payload.title]);
    await worker.evaluate(
      `self.pushHandlers.openLink(self.clients, ${JSON.stringify(payload.link)})`,
    );
    await expect(page.getByRole('heading', { level: 1, name: description })).toBeVisible();
    await expect(page.getByText('Aguardando aprovação').first()).toBeVisible();
  } finally {
    await push.close();
  }
});
