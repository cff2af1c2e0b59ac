import { describe, expect, it } from 'vitest';
import { clientInput } from '@/features/clients/api/create-client';

const blank = { name: '', document: '', phone: '', email: '', address: '', notes: '' };

describe('clientInput', () => {
  it('requires a name, spaces alone being blank', () => {
    const result = clientInput.safeParse({ ...blank, name: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['name'], message: 'Campo obrigatório' }),
    ]);
  });

  it('refuses an email that does not look like one, and accepts a blank one', () => {
    const result = clientInput.safeParse({ ...blank, name: 'Ana', email: 'ana@' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['email'], message: 'Informe um email válido.' }),
    ]);
    expect(clientInput.safeParse({ ...blank, name: 'Ana', email: '  ' }).success).toBe(true);
  });

  it('trims the texts and turns blank optional ones into null', () => {
    expect(
      clientInput.parse({ ...blank, name: ' Ana ', email: ' ana@example.com ', notes: '  ' }),
    ).toEqual({
      name: 'Ana',
      document: null,
      phone: null,
      email: 'ana@example.com',
      address: null,
      notes: null,
    });
  });
});
