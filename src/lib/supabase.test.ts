import { describe, expect, it } from 'vitest';
import { authStorage, getRememberMe, setRememberMe } from '@/lib/supabase';

describe('authStorage ("Lembrar de mim")', () => {
  it('keeps the session in localStorage by default', async () => {
    expect(getRememberMe()).toBe(true);
    await authStorage.setItem('sb-token', 'abc');
    expect(localStorage.getItem('sb-token')).toBe('abc');
    expect(sessionStorage.getItem('sb-token')).toBeNull();
    expect(await authStorage.getItem('sb-token')).toBe('abc');
  });

  it('keeps it only for the tab when remember me is off', async () => {
    setRememberMe(false);
    await authStorage.setItem('sb-token', 'abc');
    expect(sessionStorage.getItem('sb-token')).toBe('abc');
    expect(localStorage.getItem('sb-token')).toBeNull();
    expect(localStorage.getItem('auth-remember')).toBe('false');
  });

  it('does not resurrect a session from the other storage after switching', async () => {
    await authStorage.setItem('sb-token', 'old');
    setRememberMe(false);
    expect(await authStorage.getItem('sb-token')).toBeNull();
    await authStorage.setItem('sb-token', 'new');
    expect(localStorage.getItem('sb-token')).toBeNull();
    await authStorage.removeItem('sb-token');
    expect(sessionStorage.getItem('sb-token')).toBeNull();
  });
});
