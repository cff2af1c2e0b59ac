import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import type { Role } from '@/lib/roles';
import { restUrl, rpcUrl, server, SUPABASE_URL } from '@/test/msw-server';
import { pushEnvironment } from '@/features/preferences/api/push-device';
import type { PushEnvironment } from '@/features/preferences/lib/push-device';
import { NotificationsCard } from './notifications-card';

const COMPANY_ID = '11111111-1111-4111-8111-111111111111';
const VAPID_BYTES = new Uint8Array(65).map((_, i) => (i * 7 + 4) % 256);
const VAPID_KEY = Buffer.from(VAPID_BYTES).toString('base64url');
const ENDPOINT = 'https://push.example.com/send/aparelho-1';
const P256DH = Buffer.from(new Uint8Array(65).fill(9)).toString('base64url');
const AUTH = Buffer.from(new Uint8Array(16).fill(3)).toString('base64url');
const VAPID_URL = `${SUPABASE_URL}/functions/v1/notify/vapid-public-key`;

function member(role: Role): CurrentCompany {
  return {
    id: COMPANY_ID,
    name: 'Construtora Teste',
    role,
    userId: '22222222-2222-4222-8222-222222222222',
    email: 'pessoa@example.com',
    fullName: 'Paula Dona',
  };
}

/** notice_settings_for's answer with the database's defaults for the role. */
function defaults(role: Role) {
  return [
    'approval_pending',
    'approval_decided',
    'due_summary',
    'invitation_accepted',
    'imports',
  ].map((kind) => ({
    kind,
    enabled: !(kind === 'due_summary' && role === 'leitura'),
    email: kind === 'due_summary',
    push: true,
  }));
}

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON: () => PushSubscriptionJSON;
  unsubscribe: () => Promise<boolean>;
}

/** A browser with push: its permission, its worker's pushManager, what subscribe() was given. */
interface BrowserOptions {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
  withPush?: boolean;
  userAgent?: string;
}

function fakeBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
  withPush = true,
  userAgent = 'Mozilla/5.0 (Linux; Android 14) Chrome/130',
}: BrowserOptions = {}) {
  let current: FakeSubscription | null = null;
  const makeSubscription = (key: ArrayBuffer): FakeSubscription => ({
    endpoint: ENDPOINT,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: P256DH, auth: AUTH } }),
    unsubscribe: vi.fn(() => {
      current = null;
      return Promise.resolve(true);
    }),
  });
  if (subscribed) current = makeSubscription(VAPID_BYTES.slice().buffer);
  const notification = {
    permission,
    requestPermission: vi.fn(() => {
      notification.permission = answer;
      return Promise.resolve(answer);
    }),
  };
  const subscribe = vi.fn((options: PushSubscriptionOptionsInit) => {
    const key = options.applicationServerKey as Uint8Array;
    current = makeSubscription(key.slice().buffer);
    return Promise.resolve(current);
  });
  const registration = {
    active: {},
    pushManager: { getSubscription: () => Promise.resolve(current), subscribe },
  } as unknown as ServiceWorkerRegistration;
  const env: PushEnvironment = {
    userAgent,
    platform: 'Linux armv8l',
    maxTouchPoints: 5,
    standalone: false,
    hasPushManager: withPush,
    workerWaitMs: 50,
    notification: withPush ? notification : undefined,
    serviceWorker: withPush
      ? {
          getRegistration: () => Promise.resolve(registration),
          ready: Promise.resolve(registration),
        }
      : undefined,
  };
  return { env, notification, subscribe, current: () => current };
}

interface Sent {
  saved: unknown[];
  pushSaved: unknown[];
  pushDeleted: unknown[];
}

interface ServeOptions {
  role?: Role;
  held?: boolean;
  failed?: unknown[];
  saveError?: { code: string; message: string } | null;
}

function serve({
  role = 'admin',
  held = false,
  failed = [],
  saveError = null,
}: ServeOptions = {}): Sent {
  const sent: Sent = { saved: [], pushSaved: [], pushDeleted: [] };
  let settings = defaults(role);
  let serverHolds = held;
  server.use(
    http.post(rpcUrl('notice_settings_for'), () => HttpResponse.json(settings)),
    http.post(rpcUrl('save_notice_setting'), async ({ request }) => {
      const body = (await request.json()) as {
        p_kind: string;
        p_enabled: boolean;
        p_email: boolean;
        p_push: boolean;
      };
      sent.saved.push(body);
      if (saveError)
        return HttpResponse.json({ ...saveError, details: null, hint: null }, { status: 400 });
      settings = settings.map((row) =>
        row.kind === body.p_kind
          ? { kind: row.kind, enabled: body.p_enabled, email: body.p_email, push: body.p_push }
          : row,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(restUrl('push_subscriptions'), ({ request }) => {
      const endpoint = new URL(request.url).searchParams.get('endpoint');
      return HttpResponse.json(serverHolds && endpoint === `eq.${ENDPOINT}` ? [{ id: 's1' }] : []);
    }),
    http.post(rpcUrl('save_push_subscription'), async ({ request }) => {
      sent.pushSaved.push(await request.json());
      serverHolds = true;
      return HttpResponse.json('33333333-3333-4333-8333-333333333333');
    }),
    http.post(rpcUrl('delete_push_subscription'), async ({ request }) => {
      sent.pushDeleted.push(await request.json());
      serverHolds = false;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(restUrl('notice_deliveries'), () => HttpResponse.json(failed)),
    http.get(VAPID_URL, () => HttpResponse.json({ key: VAPID_KEY })),
  );
  return sent;
}

function renderCard(role: Role, env: PushEnvironment) {
  vi.spyOn(pushEnvironment, 'get').mockReturnValue(env);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={member(role)}>
        <NotificationsCard />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

function kind(name: string) {
  return screen.getByRole('group', { name });
}

beforeEach(() => {
  vi.restoreAllMocks();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Preferências → Notificações: what the member receives', () => {
  it('an admin sees their four kinds with the defaults; a switch saves its kind at once', async () => {
    const sent = serve({ role: 'admin' });
    renderCard('admin', fakeBrowser().env);
    const due = await screen.findByRole('group', { name: 'Contas a vencer' });
    expect(screen.getAllByRole('switch', { name: 'Receber no app' })).toHaveLength(4);
    expect(screen.queryByRole('group', { name: 'Aprovações decididas' })).toBeNull();
    for (const name of ['Aprovações pendentes', 'Convites aceitos', 'Importações']) {
      expect(within(kind(name)).getByRole('switch', { name: 'Receber no app' })).toBeChecked();
      expect(within(kind(name)).getByRole('switch', { name: 'E-mail' })).not.toBeChecked();
      expect(within(kind(name)).getByRole('switch', { name: 'Celular' })).toBeChecked();
    }
    expect(within(due).getByRole('switch', { name: 'E-mail' })).toBeChecked();

    await userEvent.click(within(due).getByRole('switch', { name: 'E-mail' }));
    expect(within(due).getByRole('switch', { name: 'E-mail' })).not.toBeChecked();
    await waitFor(() =>
      expect(sent.saved).toEqual([
        {
          p_company_id: COMPANY_ID,
          p_kind: 'due_summary',
          p_enabled: true,
          p_email: false,
          p_push: true,
        },
      ]),
    );
    // Off in the app is off everywhere: e-mail and phone cannot be chosen then.
    const pending = kind('Aprovações pendentes');
    await userEvent.click(within(pending).getByRole('switch', { name: 'Receber no app' }));
    expect(within(pending).getByRole('switch', { name: 'Celular' })).toBeDisabled();
    expect(within(pending).getByRole('switch', { name: 'Celular' })).not.toBeChecked();
    expect(
      within(pending).getByText('Desligado: você não recebe estes avisos, nem no app.'),
    ).toBeVisible();
    await waitFor(() => expect(sent.saved).toHaveLength(2));
    expect(sent.saved[1]).toMatchObject({ p_kind: 'approval_pending', p_enabled: false });
  });

  it('leitura sees only "Contas a vencer", off until they turn it on', async () => {
    serve({ role: 'leitura' });
    renderCard('leitura', fakeBrowser().env);
    const due = await screen.findByRole('group', { name: 'Contas a vencer' });
    expect(screen.getAllByRole('switch', { name: 'Receber no app' })).toHaveLength(1);
    expect(within(due).getByRole('switch', { name: 'Receber no app' })).not.toBeChecked();
    expect(within(due).getByRole('switch', { name: 'E-mail' })).toBeDisabled();
    await userEvent.click(within(due).getByRole('switch', { name: 'Receber no app' }));
    expect(within(due).getByRole('switch', { name: 'E-mail' })).toBeEnabled();
    expect(within(due).getByRole('switch', { name: 'E-mail' })).toBeChecked();
  });

  it('an obra member chooses the decisions on their expenses and the bills of their obras', async () => {
    serve({ role: 'obra' });
    renderCard('obra', fakeBrowser().env);
    await screen.findByRole('group', { name: 'Aprovações decididas' });
    expect(screen.getByRole('group', { name: 'Contas a vencer' })).toBeVisible();
    expect(screen.getAllByRole('switch', { name: 'Receber no app' })).toHaveLength(2);
  });

  it('a refused save says why in Portuguese and the switch shows what the server has', async () => {
    serve({ role: 'financeiro', saveError: { code: 'P0001', message: 'unknown_notice_kind' } });
    renderCard('financeiro', fakeBrowser().env);
    const due = await screen.findByRole('group', { name: 'Contas a vencer' });
    await userEvent.click(within(due).getByRole('switch', { name: 'Celular' }));
    expect(await screen.findByText('Erro ao salvar notificações')).toBeVisible();
    expect(
      screen.getByText('Tipo de notificação desconhecido. Atualize a página e tente novamente.'),
    ).toBeVisible();
    await waitFor(() => expect(within(due).getByRole('switch', { name: 'Celular' })).toBeChecked());
  });
});

describe('Preferências → Notificações: this device', () => {
  it('asks nothing on load; the tap asks, subscribes with the server’s key and saves it; Desativar removes it', async () => {
    const sent = serve();
    const browser = fakeBrowser();
    renderCard('admin', browser.env);
    const enable = await screen.findByRole('button', {
      name: 'Ativar notificações neste aparelho',
    });
    expect(screen.getByText(/^Desativadas\./)).toBeVisible();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(enable);
    expect(await screen.findByText('Notificações ativadas neste aparelho')).toBeVisible();
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(Array.from(options?.applicationServerKey as Uint8Array)).toEqual(
      Array.from(VAPID_BYTES),
    );
    expect(sent.pushSaved).toEqual([
      {
        p_endpoint: ENDPOINT,
        p_p256dh: P256DH,
        p_auth: AUTH,
        p_user_agent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130',
      },
    ]);
    expect(await screen.findByText(/^Ativadas\./)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Desativar neste aparelho' }));
    expect(await screen.findByText('Notificações desativadas neste aparelho')).toBeVisible();
    expect(sent.pushDeleted).toEqual([{ p_endpoint: ENDPOINT }]);
    expect(browser.current()).toBeNull();
    expect(
      await screen.findByRole('button', { name: 'Ativar notificações neste aparelho' }),
    ).toBeVisible();
  });

  it('a subscription this browser has but the server holds for someone else reads as off', async () => {
    serve({ held: false });
    renderCard('admin', fakeBrowser({ permission: 'granted', subscribed: true }).env);
    expect(
      await screen.findByRole('button', { name: 'Ativar notificações neste aparelho' }),
    ).toBeVisible();
  });

  it('a permission refused on the tap says so, and nothing is saved', async () => {
    const sent = serve();
    renderCard('admin', fakeBrowser({ answer: 'denied' }).env);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ativar notificações neste aparelho' }),
    );
    expect(await screen.findByText('Não foi possível ativar as notificações')).toBeVisible();
    expect(
      screen.getByText(
        'As notificações estão bloqueadas para este app. Libere nas configurações do navegador e tente de novo.',
      ),
    ).toBeVisible();
    expect(sent.pushSaved).toEqual([]);
    expect(await screen.findByText(/^Bloqueadas:/)).toBeVisible();
  });

  it('the server’s key unavailable: a Portuguese error, nothing subscribed', async () => {
    const sent = serve();
    server.use(http.get(VAPID_URL, () => HttpResponse.json({ error: 'x' }, { status: 503 })));
    const browser = fakeBrowser();
    renderCard('admin', browser.env);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ativar notificações neste aparelho' }),
    );
    expect(
      await screen.findByText(
        'O servidor de notificações não respondeu. Tente de novo em instantes.',
      ),
    ).toBeVisible();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(sent.pushSaved).toEqual([]);
  });

  it('blocked, an iPhone without the app installed, a browser without push: plain words, no button', async () => {
    serve();
    renderCard('admin', fakeBrowser({ permission: 'denied' }).env);
    expect(await screen.findByText(/^Bloqueadas: este navegador não deixa/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /neste aparelho/ })).toBeNull();
  });

  it('an iPhone in Safari is told to install the app to the home screen', async () => {
    serve();
    const { env } = fakeBrowser({
      withPush: false,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1',
    });
    renderCard('admin', { ...env, platform: 'iPhone' });
    expect(
      await screen.findByText(/^No iPhone, as notificações só chegam com o app instalado/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /neste aparelho/ })).toBeNull();
  });

  it('no service worker (a private window, npm run dev): said so, no button', async () => {
    serve();
    const { env } = fakeBrowser();
    renderCard('admin', {
      ...env,
      serviceWorker: {
        getRegistration: () => Promise.resolve(undefined),
        ready: new Promise<ServiceWorkerRegistration>(() => undefined),
      },
    });
    expect(
      await screen.findByText(/^Aqui o app não pode funcionar em segundo plano/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /neste aparelho/ })).toBeNull();
  });

  it('another browser without push is told which ones have it', async () => {
    serve();
    renderCard('admin', fakeBrowser({ withPush: false, userAgent: 'Firefox/60' }).env);
    expect(await screen.findByText(/^Este navegador não recebe notificações do app/)).toBeVisible();
  });
});

describe('Preferências → Notificações: failed deliveries', () => {
  it('shows each failure with its day, what it was and why; none: no section', async () => {
    serve({
      failed: [
        {
          id: 'd1',
          channel: 'email',
          kind: 'due_summary',
          event_key: '2026-12-04',
          last_error: 'smtp: 550 mailbox unavailable',
          created_at: '2026-12-04T10:00:00+00:00',
        },
        {
          id: 'd2',
          channel: 'push',
          kind: 'approval_refused',
          event_key: 'e1@2026-12-03',
          last_error: 'subscription_gone',
          // 22:30 in São Paulo on 02/12: the local day, not the UTC one.
          created_at: '2026-12-03T01:30:00+00:00',
        },
      ],
    });
    renderCard('admin', fakeBrowser().env);
    const section = await screen.findByRole('region', { name: /Envios que falharam/ });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Não foi possível enviar o e-mail de 04/12' +
        'Contas a vencer. Tentamos várias vezes, sem sucesso. Confira seu e-mail ou fale com o administrador.',
      'Não foi possível enviar a notificação ao celular de 02/12' +
        'Despesa recusada. O aparelho deixou de aceitar as notificações. Ative de novo nele.',
    ]);
    // The raw (English) error never reaches the screen.
    expect(screen.queryByText(/mailbox/)).toBeNull();
  });

  it('no failures: no section', async () => {
    serve();
    renderCard('admin', fakeBrowser().env);
    await screen.findByRole('group', { name: 'Contas a vencer' });
    expect(screen.queryByRole('region', { name: /Envios que falharam/ })).toBeNull();
  });
});
