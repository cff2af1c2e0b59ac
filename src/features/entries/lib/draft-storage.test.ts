import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  MAX_PHOTO_CHARS,
  readDraft,
  wizardStorageKey,
  writeDraft,
} from '@/features/entries/lib/draft-storage';

const initial = {
  description: '',
  amountCents: null as number | null,
  photo: null as { name: string; dataUrl: string } | null,
};

describe('draft storage', () => {
  it('round-trips a draft and keys it by user, company and kind', () => {
    const owner = { userId: 'user-a', id: 'company-a' };
    const key = wizardStorageKey(owner, 'expense');
    expect(key).not.toBe(wizardStorageKey({ ...owner, id: 'company-b' }, 'expense'));
    expect(key).not.toBe(wizardStorageKey({ ...owner, userId: 'user-b' }, 'expense'));
    expect(key).not.toBe(wizardStorageKey(owner, 'income'));
    const draft = {
      description: 'Areia',
      amountCents: 500,
      photo: { name: 'a.jpg', dataUrl: 'data:image/png;base64,AA' },
    };
    expect(writeDraft('sessionStorage', key, draft)).toBe(true);
    expect(readDraft('sessionStorage', key, initial)).toEqual(draft);
    clearDraft('sessionStorage', key);
    expect(readDraft('sessionStorage', key, initial)).toEqual(initial);
  });

  it('drops a photo too big to keep, keeping the typed data', () => {
    const big = {
      description: 'Areia',
      amountCents: 500,
      photo: { name: 'big.jpg', dataUrl: 'x'.repeat(MAX_PHOTO_CHARS + 1) },
    };
    writeDraft('localStorage', 'k', big);
    expect(readDraft('localStorage', 'k', initial)).toEqual({ ...big, photo: null });
  });

  it('ignores garbage and fills fields missing from an older draft', () => {
    localStorage.setItem('bad', '{not json');
    expect(readDraft('localStorage', 'bad', initial)).toEqual(initial);
    localStorage.setItem('old', JSON.stringify({ description: 'Brita' }));
    expect(readDraft('localStorage', 'old', initial)).toEqual({ ...initial, description: 'Brita' });
  });
});
