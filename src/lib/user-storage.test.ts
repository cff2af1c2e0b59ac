import { describe, expect, it } from 'vitest';
import { clearOtherUsersStorage, clearUserStorage, userStorageKey } from '@/lib/user-storage';

const ANA = 'aaaaaaaa-0000-4000-8000-000000000001';
const BRUNO = 'bbbbbbbb-0000-4000-8000-000000000002';

function seed() {
  localStorage.setItem(userStorageKey(ANA, 'current-company'), 'alfa');
  localStorage.setItem(userStorageKey(ANA, 'lancar-draft:alfa:payable'), '{"description":"Areia"}');
  sessionStorage.setItem(userStorageKey(ANA, 'wizard:alfa:payable'), '{"step":3}');
  localStorage.setItem(userStorageKey(BRUNO, 'current-company'), 'beta');
  sessionStorage.setItem(userStorageKey(BRUNO, 'wizard:beta:receivable'), '{"step":2}');
  // Written by an earlier version, without the user.
  localStorage.setItem('lancar-draft:alfa:payable', '{"description":"Cimento"}');
  localStorage.setItem('current-company:' + ANA, 'alfa');
  // Device preferences, not anyone's data.
  localStorage.setItem('theme', 'dark');
  localStorage.setItem('auth-remember', 'false');
}

const keys = (store: Storage) =>
  Array.from({ length: store.length }, (_, i) => store.key(i)).sort();

describe('user storage', () => {
  it("drops everything of the user who signs out, in both storages, and nobody else's", () => {
    seed();
    clearUserStorage(ANA);
    expect(keys(localStorage)).toEqual(
      ['auth-remember', 'theme', userStorageKey(BRUNO, 'current-company')].sort(),
    );
    expect(keys(sessionStorage)).toEqual([userStorageKey(BRUNO, 'wizard:beta:receivable')]);
  });

  it("drops every other user's data when someone signs in, keeping theirs", () => {
    seed();
    clearOtherUsersStorage(ANA);
    expect(keys(localStorage)).toEqual(
      [
        'auth-remember',
        'theme',
        userStorageKey(ANA, 'current-company'),
        userStorageKey(ANA, 'lancar-draft:alfa:payable'),
      ].sort(),
    );
    expect(keys(sessionStorage)).toEqual([userStorageKey(ANA, 'wizard:alfa:payable')]);
  });

  it('does not take a user id that starts like another for the same user', () => {
    localStorage.setItem(userStorageKey('ab', 'current-company'), 'x');
    localStorage.setItem(userStorageKey('abc', 'current-company'), 'y');
    clearUserStorage('ab');
    expect(keys(localStorage)).toEqual([userStorageKey('abc', 'current-company')]);
  });
});
