import { describe, expect, it } from 'vitest';
import type { Client } from '@/lib/api/lookups';
import { matchesClientSearch } from '@/features/clients/lib/client-form';

const client = {
  name: 'Família Oliveira',
  document: '52998224725',
  email: null,
  phone: null,
} as Client;

describe('matchesClientSearch', () => {
  it.each(['529.982', '52998', '247-25', 'oliveira'])('finds the client by %j', (search) => {
    expect(matchesClientSearch(client, search)).toBe(true);
  });

  it('forgives accents and case: "familia", "FAMÍLIA", "Família"; "joao" finds "João"', () => {
    for (const search of ['familia', 'FAMILIA', 'FAMÍLIA', 'Família']) {
      expect(matchesClientSearch(client, search)).toBe(true);
    }
    expect(matchesClientSearch({ ...client, name: 'João Conceição' }, 'joao conceicao')).toBe(true);
  });

  it('does not find it by another document', () => {
    expect(matchesClientSearch(client, '111.222')).toBe(false);
  });
});
