// public/push.js, Web Push in the service worker, run as the worker runs it (a plain script that
// adds its listeners to `self`), with the worker's objects played by small fakes.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const ORIGIN = 'https://app.example.com';

interface FakeClient {
  url: string;
  focused: boolean;
  focus: () => Promise<FakeClient>;
  navigate: (url: string) => Promise<FakeClient | null>;
}

function fakeClient(url: string, { focused = false, controlled = true } = {}): FakeClient {
  const client: FakeClient = {
    url,
    focused,
    focus: vi.fn(() => Promise.resolve(client)),
    navigate: vi.fn((target: string) => {
      if (!controlled) return Promise.reject(new TypeError('not controlled'));
      client.url = target;
      return Promise.resolve(client);
    }),
  };
  return client;
}

function loadWorker(windows: FakeClient[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: {
      showNotification: (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn((url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      }),
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
  };
  runInNewContext(readFileSync('public/push.js', 'utf8'), { self, URL });
  async function dispatch(type: string, event: Record<string, unknown>) {
    let done: Promise<unknown> = Promise.resolve();
    const listener = listeners[type];
    if (!listener) throw new Error(`push.js has no ${type} listener`);
    listener({
      ...event,
      waitUntil: (promise: Promise<unknown>) => {
        done = promise;
      },
    });
    await done;
  }
  return { dispatch, shown, opened, clients: self.clients };
}

function pushData(payload: unknown) {
  return {
    json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) as unknown,
    text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)),
  };
}

function click(link: unknown) {
  const close = vi.fn();
  return { event: { notification: { data: { link }, close } }, close };
}

describe('push.js (the service worker’s Web Push)', () => {
  it('shows the notification the function sent: title, body, tag, and the link to open', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', {
      data: pushData({
        title: 'Aprovação pendente: Areia média — R$ 480,00 — Obra Norte',
        body: 'Lançado por Enzo Engenheiro',
        link: '/lancamentos/expense/abc',
        tag: 'approval_pending:abc',
      }),
    });
    expect(worker.shown).toEqual([
      {
        title: 'Aprovação pendente: Areia média — R$ 480,00 — Obra Norte',
        options: expect.objectContaining({
          body: 'Lançado por Enzo Engenheiro',
          tag: 'approval_pending:abc',
          lang: 'pt-BR',
          data: { link: `${ORIGIN}/lancamentos/expense/abc` },
        }) as unknown,
      },
    ]);
  });

  it('a push that is not our JSON still shows, under the app’s name; a foreign link opens home', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', { data: pushData('texto solto') });
    await worker.dispatch('push', {
      data: pushData({ title: 'Oi', link: 'https://evil.example/x' }),
    });
    await worker.dispatch('push', { data: null });
    const links = worker.shown.map(({ options }) => (options.data as { link: string }).link);
    expect(worker.shown.map(({ title, options }) => [title, options.body])).toEqual([
      ['App Finanças', 'texto solto'],
      ['Oi', ''],
      ['App Finanças', ''],
    ]);
    expect(links).toEqual([`${ORIGIN}/`, `${ORIGIN}/`, `${ORIGIN}/`]);
    expect(worker.shown[0]?.options).not.toHaveProperty('tag');
  });

  it('a tap closes it, focuses the open window of the app and takes it to the link', async () => {
    const other = fakeClient(`${ORIGIN}/contas-pagar`);
    const focused = fakeClient(`${ORIGIN}/`, { focused: true });
    const worker = loadWorker([other, focused]);
    const { event, close } = click('/lancamentos/expense/abc');
    await worker.dispatch('notificationclick', event);
    expect(close).toHaveBeenCalled();
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.url).toBe(`${ORIGIN}/lancamentos/expense/abc`);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(worker.opened).toEqual([]);
  });

  it('with no window of the app open, a tap opens one at the link', async () => {
    const worker = loadWorker([fakeClient('https://outro.example/')]);
    await worker.dispatch('notificationclick', click('/avisos').event);
    expect(worker.opened).toEqual([`${ORIGIN}/avisos`]);
  });

  it('a window the worker does not control is not lost: the link opens in a new one', async () => {
    const window = fakeClient(`${ORIGIN}/`, { controlled: false });
    const worker = loadWorker([window]);
    await worker.dispatch('notificationclick', click('/avisos').event);
    expect(window.focus).toHaveBeenCalled();
    expect(worker.opened).toEqual([`${ORIGIN}/avisos`]);
  });

  it('a focus the browser refuses does not stop the window from going to the link', async () => {
    const window = fakeClient(`${ORIGIN}/`);
    window.focus = vi.fn(() => Promise.reject(new Error('InvalidAccessError')));
    const worker = loadWorker([window]);
    await worker.dispatch('notificationclick', click('/avisos').event);
    expect(window.url).toBe(`${ORIGIN}/avisos`);
    expect(worker.opened).toEqual([]);
  });
});
