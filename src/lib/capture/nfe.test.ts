import { describe, expect, it } from 'vitest';
import { parseNfe, productUnit, validNfeKey } from '@/lib/capture/nfe';
import { nfeKey, nfeXml } from '@/test/nfe';

describe('parseNfe', () => {
  it('reads an nfeProc with 3 duplicatas: issuer, number, total, installments, items', () => {
    const key = nfeKey('1');
    const nfe = parseNfe(
      nfeXml({
        key,
        total: '3000.00',
        duplicatas: [
          { number: '001', dueDate: '2026-12-20', amount: '1000.00' },
          { number: '002', dueDate: '2027-01-20', amount: '1000.00' },
          { number: '003', dueDate: '2027-02-20', amount: '1000.00' },
        ],
      }),
    );
    expect(nfe).toEqual({
      key,
      number: '1234',
      series: '1',
      issuedOn: '2026-11-20',
      totalCents: 300000,
      issuer: {
        name: 'Depósito Chave Ltda',
        document: '11222333000181',
        address: 'Rua das Pedras, 10 - Centro - Campinas/SP',
        phone: '1932345678',
      },
      duplicatas: [
        { number: '001', dueDate: '2026-12-20', amountCents: 100000 },
        { number: '002', dueDate: '2027-01-20', amountCents: 100000 },
        { number: '003', dueDate: '2027-02-20', amountCents: 100000 },
      ],
      items: [
        {
          name: 'CIMENTO CP II 50KG',
          unit: 'SC',
          quantity: 10,
          unitPriceCents: 3890,
          totalCents: 38900,
        },
      ],
    });
  });

  it('reads one duplicata, and none (a bare NFe without the authorisation)', () => {
    const one = parseNfe(
      nfeXml({
        key: nfeKey('2'),
        duplicatas: [{ number: '001', dueDate: '2026-12-05', amount: '389.00' }],
      }),
    );
    expect(one?.duplicatas).toEqual([{ number: '001', dueDate: '2026-12-05', amountCents: 38900 }]);
    const none = parseNfe(nfeXml({ key: nfeKey('3'), wrapped: false }));
    expect(none).toMatchObject({ key: nfeKey('3'), duplicatas: [], totalCents: 38900 });
  });

  it('refuses what is not an NF-e: another XML, a broken file, a chave with a wrong digit', () => {
    expect(parseNfe('<OFX><BANKTRANLIST/></OFX>')).toBeNull();
    expect(parseNfe('<nfeProc><NFe>')).toBeNull();
    const key = nfeKey('4');
    const wrong = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    expect(validNfeKey(wrong)).toBe(false);
    expect(parseNfe(nfeXml({ key: wrong, wrapped: false }))).toBeNull();
  });

  it("maps the NF-e units to the products' units", () => {
    expect(productUnit('SC')).toBe('saco');
    expect(productUnit('m3')).toBe('m3');
    expect(productUnit('CX')).toBe('unidade');
  });
});
