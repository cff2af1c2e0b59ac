import { describe, expect, it } from 'vitest';
import { matchesSearchText, searchKey } from '@/lib/search-text';

describe('searchKey', () => {
  it('drops accents and case as private.search_text does', () => {
    expect(searchKey('Elétrica')).toBe('eletrica');
    expect(searchKey('ELÉTRICA')).toBe('eletrica');
    expect(searchKey('João Conceição')).toBe('joao conceicao');
    expect(searchKey('Mão de Obra, Ação')).toBe('mao de obra, acao');
    // Composed and decomposed forms of the same letter are the same.
    expect(searchKey('e\u0301')).toBe(searchKey('\u00e9'));
    // Only marks go: punctuation and digits stay.
    expect(searchKey('R$ 1.000^`')).toBe('r$ 1.000^`');
  });
});

describe('matchesSearchText', () => {
  it('"eletrica", "ELETRICA" and "Elétrica" find the same text; "joao" finds "João"', () => {
    for (const typed of ['eletrica', 'ELETRICA', 'Elétrica', '  elétrica ']) {
      expect(matchesSearchText(typed, ['Material Elétrico', 'Instalação elétrica'])).toBe(true);
      expect(matchesSearchText(typed, ['Hidráulica'])).toBe(false);
    }
    expect(matchesSearchText('joao', ['João da Silva'])).toBe(true);
    expect(matchesSearchText('JOÃO', ['joao da silva'])).toBe(true);
  });

  it('nothing typed matches; missing texts never do', () => {
    expect(matchesSearchText('   ', [])).toBe(true);
    expect(matchesSearchText('x', [null, undefined, ''])).toBe(false);
  });
});
