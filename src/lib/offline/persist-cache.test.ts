import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const hash = (key: readonly unknown[]) => JSON.stringify(key);

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
});
