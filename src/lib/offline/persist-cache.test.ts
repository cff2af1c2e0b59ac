import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { hashKey, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import {
  bankAccountKeys,
  categoryKeys,
  clientKeys,
  entryKeys,
  isOfflineList,
  projectKeys,
  supplierKeys,
} from '@/lib/api/query-keys';
import { cacheStorageKey, startCachePersistence } from '@/lib/offline/persist-cache';
import { flushSavedCache } from '@/lib/offline/saved-cache';
import { createQueryClient } from '@/lib/query-client';

// IndexedDB as the persister sees it: a string per key. jsdom has none.
const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@/lib/offline/idb', () => ({
  idbGet: (key: string) => Promise.resolve(idb.get(key)),
  idbSet: (key: string, value: unknown) => {
    idb.set(key, value);
    return Promise.resolve();
  },
  idbDel: (key: string) => {
    idb.delete(key);
    return Promise.resolve();
  },
}));

const USER = 'user-1';
const COMPANY = 'company-1';
const SCOPE = { type: 'company', companyId: COMPANY } as const;
const KEY = cacheStorageKey(USER, SCOPE);

/** What the device holds now, by query hash. */
function saved(): Map<string, unknown> {
  const raw = idb.get(KEY);
  if (typeof raw !== 'string') return new Map();
  const client = JSON.parse(raw) as PersistedClient;
  return new Map(client.clientState.queries.map((q) => [q.queryHash, q.state.data]));
}

const hash = (key: readonly unknown[]) => hashKey(key);

let stops: (() => void)[] = [];
function start(queryClient = createQueryClient()) {
  stops.push(startCachePersistence(queryClient, USER, SCOPE));
  return queryClient;
}

/** Until the persister has restored and written once (it saves what was there at its start). */
async function persisting(): Promise<void> {
  await vi.waitFor(async () => {
    await flushSavedCache();
    expect(idb.has(KEY)).toBe(true);
  });
}

beforeEach(() => idb.clear());
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('the saved cache', () => {
  it('gives back after a restore exactly what was saved', async () => {
    const first = start();
    const list = ['companies', COMPANY, 'entries', 'list', { page: 1 }];
    const data = { rows: [{ id: 'a', amountCents: 12_345, dueOn: '2026-11-26' }], total: 1 };
    first.setQueryData(list, data);
    await persisting();
    stops.pop()?.();

    const second = start();
    await vi.waitFor(() => expect(second.getQueryData(list)).toEqual(data));
  });

  it('saves a paged list with its first page only, however far it was read (the copy stays bounded)', async () => {
    const first = start();
    const list = ['companies', COMPANY, 'activity', 'list', {}];
    const page = (n: number) => ({
      items: Array.from({ length: 30 }, (_, i) => ({ id: n * 30 + i, at: '2026-11-26T12:00:00Z' })),
      next: { at: '2026-11-26T12:00:00Z', id: n * 30 + 29 },
    });
    const pages = Array.from({ length: 200 }, (_, n) => page(n));
    first.setQueryData(list, {
      pages,
      pageParams: [null, ...pages.slice(0, -1).map((p) => p.next)],
    });
    await persisting();
    expect(saved().get(hash(list))).toEqual({ pages: [page(0)], pageParams: [null] });
    // 200 pages of 30 rows (6 000 rows) on screen; what the device keeps is one page.
    expect(String(idb.get(KEY)).length).toBeLessThan(4_000);
    stops.pop()?.();

    const second = start();
    await vi.waitFor(() =>
      expect(second.getQueryData(list)).toEqual({ pages: [page(0)], pageParams: [null] }),
    );
  });

  it('refuses a result that is not plain JSON (a Map came back as {} and broke a screen)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queryClient = start();
    const plain = ['companies', COMPANY, 'plain'];
    const map = ['companies', COMPANY, 'guesses'];
    const dated = ['companies', COMPANY, 'dated'];
    queryClient.setQueryData(plain, { a: 1 });
    queryClient.setQueryData(map, new Map([['line', { categoryId: 'c' }]]));
    queryClient.setQueryData(dated, [{ on: new Date(0) }]);
    await persisting();

    expect([...saved().keys()]).toEqual([hash(plain)]);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('$: Map'));
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('$[0].on: Date'));
    consoleError.mockRestore();
  });

  it('leaves out a query marked meta.persist false (signed links that expire in minutes)', async () => {
    const queryClient = start();
    const kept = ['companies', COMPANY, 'documents'];
    const links = ['companies', COMPANY, 'document-urls'];
    queryClient.setQueryData(kept, [{ id: 'd' }]);
    await queryClient.query({
      queryKey: links,
      queryFn: () => ({ 'a/b.jpg': 'https://x/sign/a/b.jpg?token=t' }),
      meta: { persist: false },
    });
    await persisting();
    expect([...saved().keys()]).toEqual([hash(kept)]);
  });

  it('drops what a change invalidated before the mutation resolves, not a second later', async () => {
    const queryClient = start();
    const installments = ['companies', COMPANY, 'entries', 'list', {}];
    const other = ['companies', COMPANY, 'suppliers', 'list'];
    queryClient.setQueryData(installments, ['1', '2', '3', '4', '5', '6']);
    queryClient.setQueryData(other, ['s']);
    await persisting();
    expect(saved().get(hash(installments))).toHaveLength(6);

    // The list's fetch never answers here: the reload happens before the refetch lands.
    queryClient.getQueryCache().build(queryClient, {
      queryKey: installments,
      queryFn: () => new Promise<never>(() => undefined),
    });
    await queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationFn: () => Promise.resolve('deleted'),
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['companies', COMPANY, 'entries'] });
        },
      })
      .execute(undefined);

    // No waiting: the throttle (1 s) has not passed, the write happened with the mutation.
    expect(saved().has(hash(installments))).toBe(false);
    expect(saved().get(hash(other))).toEqual(['s']);
  });

  it('saves what a mutation wrote into the cache before its promise resolves', async () => {
    const queryClient = start();
    const installments = ['companies', COMPANY, 'entries', 'list', {}];
    queryClient.setQueryData(installments, ['1', '2', '3', '4', '5', '6']);
    await persisting();

    await queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationFn: () => Promise.resolve(['1', '2', '3']),
        onSuccess: (rows: string[]) => queryClient.setQueryData(installments, rows),
      })
      .execute(undefined);

    expect(saved().get(hash(installments))).toEqual(['1', '2', '3']);
  });

  it('takes an invalidated query back once it is fetched again', async () => {
    const queryClient = start();
    const list = ['companies', COMPANY, 'entries', 'list', {}];
    let answer = Promise.resolve(['1', '2', '3', '4', '5', '6']);
    await queryClient.query({ queryKey: list, queryFn: () => answer });
    await persisting();

    let serverAnswers: (rows: string[]) => void = () => undefined;
    answer = new Promise((resolve) => (serverAnswers = resolve));
    const refetched = queryClient.invalidateQueries({ queryKey: list, refetchType: 'all' });
    await flushSavedCache();
    expect(saved().has(hash(list))).toBe(false);
    serverAnswers(['1', '2', '3']);
    await refetched;

    await vi.waitFor(async () => {
      await flushSavedCache();
      expect(saved().get(hash(list))).toEqual(['1', '2', '3']);
    });
  });

  it('drops a restored query that a change invalidates although it was already stale', async () => {
    const first = start();
    const list = ['companies', COMPANY, 'entries', 'list', {}];
    first.setQueryData(list, ['1', '2', '3', '4', '5', '6']);
    await persisting();
    stops.pop()?.();

    // After a reload: restored, marked stale, never fetched on this page (no screen shows it).
    const second = start();
    await vi.waitFor(() => expect(second.getQueryState(list)?.isInvalidated).toBe(true));
    await persisting();
    expect(saved().has(hash(list))).toBe(true);

    await second.invalidateQueries({ queryKey: ['companies', COMPANY, 'entries'] });
    await flushSavedCache();
    expect(saved().has(hash(list))).toBe(false);
  });
  it('writes the first answer at once, not a throttle second later', async () => {
    const queryClient = start();
    const memberships = ['companies', COMPANY, 'members'];
    let serverAnswers: (rows: string[]) => void = () => undefined;
    const answer = new Promise<string[]>((resolve) => (serverAnswers = resolve));
    const read = queryClient.query({ queryKey: memberships, queryFn: () => answer });
    // The persister is up (its restore done, its first save attempted) with the read pending.
    await vi.waitFor(() =>
      expect(queryClient.getQueryCache().find({ queryKey: memberships })).toBeDefined(),
    );
    await flushSavedCache();
    serverAnswers(['ana']);
    await read;
    // Well under the throttle's second: the app may go offline right after the first screen.
    await vi.waitFor(() => expect(saved().get(hash(memberships))).toEqual(['ana']), {
      timeout: 500,
    });
  });

  it('writes what waits for its throttle when the page is left (a reload right after a read)', async () => {
    const queryClient = start();
    await flushSavedCache();
    const first = ['companies', COMPANY, 'entries', 'pending', 'expense'];
    const last = ['companies', COMPANY, 'entries', 'pending', 'income'];
    await queryClient.query({ queryKey: first, queryFn: () => Promise.resolve(['cimento']) });
    await vi.waitFor(() => expect(saved().has(hash(first))).toBe(true));
    // The next answer lands inside the throttle's second: its write waits...
    await queryClient.query({ queryKey: last, queryFn: () => Promise.resolve([]) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saved().has(hash(last))).toBe(false);
    // ...until the page is left: then it is written at once.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      window.dispatchEvent(new Event('pagehide'));
      await vi.waitFor(() => expect(saved().get(hash(last))).toEqual([]), { timeout: 200 });
    } finally {
      visibility.mockRestore();
    }
  });

  it('keeps the saved copy when the cache is cleared after a change (sign-out, company switch)', async () => {
    const queryClient = start();
    const list = ['companies', COMPANY, 'entries', 'list', {}];
    const other = ['companies', COMPANY, 'suppliers', 'list'];
    queryClient.setQueryData(list, ['1']);
    queryClient.setQueryData(other, ['s']);
    await persisting();
    await queryClient.invalidateQueries({ queryKey: list, refetchType: 'none' });
    await flushSavedCache();
    expect(saved().get(hash(other))).toEqual(['s']);

    queryClient.clear();
    await flushSavedCache();
    expect(saved().get(hash(other))).toEqual(['s']);
  });

  describe('the lists an offline screen needs to record an entry', () => {
    const lists = [
      categoryKeys.list(COMPANY, { type: 'expense', activeOnly: true }),
      projectKeys.list(COMPANY),
      projectKeys.stages(COMPANY, 'obra-1'),
      supplierKeys.list(COMPANY, { activeOnly: true }),
      clientKeys.list(COMPANY, { activeOnly: true }),
      bankAccountKeys.list(COMPANY, { activeOnly: true }),
    ];

    it('are the pickers of the wizards and Lançar, not the screens that show money', () => {
      for (const list of lists) expect(isOfflineList(list)).toBe(true);
      for (const other of [
        entryKeys.list(COMPANY, {}),
        entryKeys.pending(COMPANY, 'expense'),
        categoryKeys.stats(COMPANY, 'c', '2026-11-30'),
        supplierKeys.summary(COMPANY),
        projectKeys.overview(COMPANY),
        projectKeys.budget(COMPANY, 'obra-1'),
        bankAccountKeys.detail(COMPANY, 'a'),
        ['session', USER, 'memberships'],
      ]) {
        expect(isOfflineList(other)).toBe(false);
      }
    });

    it('stay on the device across a money change, a reload and a garbage collection', async () => {
      const queryClient = start();
      const pending = entryKeys.pending(COMPANY, 'expense');
      for (const list of lists) queryClient.setQueryData(list, [{ id: `row of ${hash(list)}` }]);
      queryClient.setQueryData(pending, ['bill']);
      await persisting();

      // A Dar Baixa: everything money touches is invalidated; nothing shows the lists, so nothing
      // fetches them again before the reload.
      await invalidateMoney(queryClient, COMPANY);
      await flushSavedCache();
      expect(saved().has(hash(pending))).toBe(false);
      for (const list of lists) expect(saved().get(hash(list))).toHaveLength(1);

      // A day with no screen showing the categories: collected from memory, kept on the device.
      queryClient.removeQueries({ queryKey: categoryKeys.all(COMPANY) });
      queryClient.setQueryData(pending, ['next bill']);
      await flushSavedCache();
      for (const list of lists) expect(saved().get(hash(list))).toHaveLength(1);
      stops.pop()?.();

      // Reloaded (offline): the wizard's lists are there, marked stale for when the network returns.
      const second = start();
      const categories = lists[0] ?? [];
      await vi.waitFor(() =>
        expect(second.getQueryData(categories)).toEqual([{ id: `row of ${hash(categories)}` }]),
      );
      expect(second.getQueryState(categories)?.isInvalidated).toBe(true);
      await invalidateMoney(second, COMPANY);
      await flushSavedCache();
      for (const list of lists) expect(saved().get(hash(list))).toHaveLength(1);
    });

    it('stay in memory when a read that started before the restore is cancelled (offline, the step left)', async () => {
      const first = start();
      const categories = categoryKeys.list(COMPANY, { type: 'expense', activeOnly: true });
      first.setQueryData(categories, [{ id: 'materiais' }]);
      await persisting();
      stops.pop()?.();

      // After a reload the category step mounts before the restore: its read is under way (it
      // passes the abort signal on, as every fetcher does) and never answers (no network).
      const second = createQueryClient();
      const step = new QueryObserver(second, {
        queryKey: categories,
        queryFn: ({ signal }) =>
          new Promise<never>((_, reject) =>
            signal.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      });
      const unmount = step.subscribe(() => undefined);
      start(second);
      await vi.waitFor(() =>
        expect(second.getQueryData(categories)).toEqual([{ id: 'materiais' }]),
      );

      // The worker goes back a step: the read is cancelled, and React Query reverts the query to
      // the state the read started from (no data) unless the restored data is kept.
      unmount();
      expect(second.getQueryData(categories)).toEqual([{ id: 'materiais' }]);
      expect(second.getQueryState(categories)?.status).toBe('success');
    });

    it('are replaced by what the server answers next', async () => {
      const queryClient = start();
      const categories = categoryKeys.list(COMPANY, { type: 'expense', activeOnly: true });
      queryClient.setQueryData(categories, [{ id: 'old' }]);
      await persisting();
      await invalidateMoney(queryClient, COMPANY);
      await queryClient.query({
        queryKey: categories,
        queryFn: () => [{ id: 'old' }, { id: 'new' }],
      });
      await vi.waitFor(async () => {
        await flushSavedCache();
        expect(saved().get(hash(categories))).toEqual([{ id: 'old' }, { id: 'new' }]);
      });
    });
  });
});
