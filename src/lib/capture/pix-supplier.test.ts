import { describe, expect, it } from 'vitest';
import { matchPixSupplier } from '@/lib/capture/pix-supplier';

const suppliers = [
  {
    id: 'a',
    name: 'Areia Boa Ltda',
    document: '11.222.333/0001-81',
    email: 'vendas@areiaboa.com.br',
    phone: '(19) 98765-4321',
  },
  { id: 'b', name: 'Depósito São José', document: null, email: null, phone: null },
  {
    id: 'c',
    name: 'Materiais de Construção Irmãos Silva',
    document: null,
    email: null,
    phone: null,
  },
];

describe('matchPixSupplier', () => {
  it("on an 'obra' member's list (no contacts, issue 31): the CNPJ key, else the receiver's name", () => {
    const site = suppliers.map((s) => ({ ...s, email: null, phone: null }));
    expect(matchPixSupplier(site, { key: '11222333000181', merchantName: 'X' })?.id).toBe('a');
    expect(
      matchPixSupplier(site, { key: 'vendas@areiaboa.com.br', merchantName: 'AREIA BOA LTDA' })?.id,
    ).toBe('a');
    expect(
      matchPixSupplier(site, { key: '+5519987654321', merchantName: 'OUTRO' }),
    ).toBeUndefined();
  });

  it('finds the supplier by the key: CNPJ, e-mail, phone', () => {
    expect(matchPixSupplier(suppliers, { key: '11222333000181', merchantName: 'X' })?.id).toBe('a');
    expect(
      matchPixSupplier(suppliers, { key: 'Vendas@AreiaBoa.com.br', merchantName: 'X' })?.id,
    ).toBe('a');
    expect(matchPixSupplier(suppliers, { key: '+5519987654321', merchantName: 'X' })?.id).toBe('a');
  });

  it('else by the name, without accents or case, and by the first 25 characters', () => {
    expect(
      matchPixSupplier(suppliers, { key: 'chave-aleatoria', merchantName: 'DEPOSITO SAO JOSE' })
        ?.id,
    ).toBe('b');
    expect(
      matchPixSupplier(suppliers, { key: null, merchantName: 'MATERIAIS DE CONSTRUCAO I' })?.id,
    ).toBe('c');
  });

  it('finds nobody for a new receiver', () => {
    expect(
      matchPixSupplier(suppliers, { key: 'outro@example.com', merchantName: 'FERRAGENS NOVAS' }),
    ).toBeUndefined();
  });
});
