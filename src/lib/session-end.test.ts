import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  applySessionChange,
  markSignOut,
  SHARE_CACHE,
  useSaveDraftOnSessionEnd,
} from '@/lib/session-end';
import { userStorageKey } from '@/lib/user-storage';

const ANA = 'aaaaaaaa-0000-4000-8000-000000000001';
const BRUNO = 'bbbbbbbb-0000-4000-8000-000000000002';
const anaDraft = userStorageKey(ANA, 'lancar-draft:alfa:payable');
const anaCompany = userStorageKey(ANA, 'current-company');

function cacheWithAnaData() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['companies', 'alfa', 'bank-accounts'], ['Conta da Alfa']);
  queryClient.setQueryData(['session', ANA, 'memberships'], ['Construtora Alfa']);
  return queryClient;
}

/** A mounted form whose current value is `typed`, saved only when the session ends on its own. */
function openForm(typed: string) {
  return renderHook(() => useSaveDraftOnSessionEnd(() => localStorage.setItem(anaDraft, typed)));
}

describe('applySessionChange', () => {
  it('"Sair" drops the cache and everything stored for the user, without saving open forms', () => {
    const queryClient = cacheWithAnaData();
    localStorage.setItem(anaCompany, 'alfa');
    sessionStorage.setItem(userStorageKey(ANA, 'wizard:alfa:payable'), '{"step":4}');
    openForm('{"description":"Areia"}');
    markSignOut(ANA);

    expect(applySessionChange(queryClient, 'SIGNED_OUT', ANA, null)).toBe('signed-out');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(localStorage.getItem(anaCompany)).toBeNull();
    expect(localStorage.getItem(anaDraft)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('"Sair" forgets what was shared into the app (a bill on a shared phone), an expiry does not', () => {
    const remove = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('caches', { delete: remove });
    try {
      const queryClient = cacheWithAnaData();
      applySessionChange(queryClient, 'SIGNED_OUT', ANA, null);
      expect(remove).not.toHaveBeenCalled();
      markSignOut(ANA);
      applySessionChange(queryClient, 'SIGNED_OUT', ANA, null);
      expect(remove).toHaveBeenCalledWith(SHARE_CACHE);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a session that ends on its own drops the cache but saves and keeps the user drafts', () => {
    const queryClient = cacheWithAnaData();
    localStorage.setItem(anaCompany, 'alfa');
    const form = openForm('{"description":"Areia"}');

    expect(applySessionChange(queryClient, 'SIGNED_OUT', ANA, null)).toBe('expired');
    // The same end reported again (the tab came back and auth-js asked twice): nothing new ended.
    expect(applySessionChange(queryClient, 'SIGNED_OUT', null, null)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(localStorage.getItem(anaDraft)).toBe('{"description":"Areia"}');
    expect(localStorage.getItem(anaCompany)).toBe('alfa');

    // The same user signing in again finds the draft.
    expect(applySessionChange(queryClient, 'SIGNED_IN', null, ANA)).toBeNull();
    expect(localStorage.getItem(anaDraft)).toBe('{"description":"Areia"}');

    // A form no longer on screen saves nothing.
    form.unmount();
    localStorage.removeItem(anaDraft);
    applySessionChange(queryClient, 'SIGNED_OUT', ANA, null);
    expect(localStorage.getItem(anaDraft)).toBeNull();
  });

  it("another user's sign-in drops the previous user's drafts and remembered company", () => {
    const queryClient = new QueryClient();
    localStorage.setItem(anaCompany, 'alfa');
    localStorage.setItem(anaDraft, '{"description":"Areia"}');

    applySessionChange(queryClient, 'SIGNED_IN', null, BRUNO);
    expect(localStorage.getItem(anaDraft)).toBeNull();
    expect(localStorage.getItem(anaCompany)).toBeNull();
  });

  it('a different user signed in from another tab drops the cache at once', () => {
    const queryClient = cacheWithAnaData();
    applySessionChange(queryClient, 'SIGNED_IN', ANA, BRUNO);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('keeps the cache when the same user refreshes the token', () => {
    const queryClient = cacheWithAnaData();
    expect(applySessionChange(queryClient, 'TOKEN_REFRESHED', ANA, ANA)).toBeNull();
    expect(queryClient.getQueryData(['companies', 'alfa', 'bank-accounts'])).toEqual([
      'Conta da Alfa',
    ]);
  });

  it('after signing in again, a later revocation is not taken for a sign-out', () => {
    const queryClient = new QueryClient();
    markSignOut(ANA);
    applySessionChange(queryClient, 'SIGNED_OUT', ANA, null);
    applySessionChange(queryClient, 'SIGNED_IN', null, ANA);
    openForm('{"description":"Brita"}');
    expect(applySessionChange(queryClient, 'SIGNED_OUT', ANA, null)).toBe('expired');
    expect(localStorage.getItem(anaDraft)).toBe('{"description":"Brita"}');
  });

  it('aborts the requests still in flight when the session ends', async () => {
    const queryClient = new QueryClient();
    let aborted = false;
    void queryClient
      .query({
        queryKey: ['companies', 'alfa', 'entries'],
        queryFn: ({ signal }) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('aborted'));
            });
          }),
      })
      .catch(() => undefined);
    markSignOut(ANA);
    applySessionChange(queryClient, 'SIGNED_OUT', ANA, null);
    await Promise.resolve();
    expect(aborted).toBe(true);
  });
});
