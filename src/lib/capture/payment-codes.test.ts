import { describe, expect, it } from 'vitest';
import { findPaymentCodes, formatBoletoLine, readPaymentCode } from '@/lib/capture/payment-codes';
import {
  arrecadacaoLine,
  bancarioBarcode,
  bancarioLine,
  crc16,
  pixCode,
  withWrongDigit,
} from '@/test/payment-codes';

const TODAY = '2026-11-26';

describe('boleto bancário', () => {
  it('reads value, due date and bank of a boleto due after the 2025-02-22 restart (in 2026, not 2002)', () => {
    const line = bancarioLine('341', '2026-12-10', 123456);
    expect(line).toHaveLength(47);
    expect(readPaymentCode(line, TODAY)).toEqual({
      type: 'boleto',
      code: line,
      kind: 'bancario',
      amountCents: 123456,
      dueDate: '2026-12-10',
      bankCode: '341',
      bankName: 'Itaú',
    });
  });

  it('reads a boleto due before the restart (an overdue one from 2024)', () => {
    const line = bancarioLine('237', '2024-12-20', 9990);
    const reading = readPaymentCode(line, TODAY);
    expect(reading).toMatchObject({
      dueDate: '2024-12-20',
      amountCents: 9990,
      bankName: 'Bradesco',
    });
  });

  it('reads the restart day itself and the last day of the old cycle', () => {
    expect(readPaymentCode(bancarioLine('001', '2025-02-22', 100), TODAY)).toMatchObject({
      dueDate: '2025-02-22',
    });
    expect(readPaymentCode(bancarioLine('001', '2025-02-21', 100), TODAY)).toMatchObject({
      dueDate: '2025-02-21',
    });
  });

  it('accepts the printed form with dots and spaces, and the scanned 44-digit barcode', () => {
    const line = bancarioLine('104', '2027-01-05', 50000);
    expect(readPaymentCode(formatBoletoLine(line), TODAY)).toMatchObject({
      code: line,
      amountCents: 50000,
    });
    expect(readPaymentCode(` ${line.slice(0, 20)}\n${line.slice(20)} `, TODAY)).toMatchObject({
      code: line,
    });
    expect(readPaymentCode(bancarioBarcode('104', '2027-01-05', 50000), TODAY)).toMatchObject({
      code: line,
      dueDate: '2027-01-05',
      bankName: 'Caixa Econômica Federal',
    });
  });

  it('leaves value and due date empty when the boleto has none', () => {
    expect(readPaymentCode(bancarioLine('756', null, 0), TODAY)).toMatchObject({
      amountCents: null,
      dueDate: null,
      bankName: 'Sicoob',
    });
  });

  it('names no bank outside the table but still reads the code', () => {
    expect(readPaymentCode(bancarioLine('999', '2026-12-01', 100), TODAY)).toMatchObject({
      bankCode: '999',
      bankName: null,
    });
  });

  it('refuses one wrong digit anywhere: each field digit and the general digit', () => {
    const line = bancarioLine('341', '2026-12-10', 123456);
    for (const index of [0, 9, 12, 20, 25, 31, 32, 40, 46]) {
      expect(readPaymentCode(withWrongDigit(line, index), TODAY)).toEqual({
        type: 'invalid',
        message: 'Código de barras inválido',
      });
    }
  });
});

describe('boleto de arrecadação', () => {
  it('reads the value of a mod 10 code (third digit 6)', () => {
    const line = arrecadacaoLine(2, '6', 18790);
    expect(line).toHaveLength(48);
    expect(readPaymentCode(line, TODAY)).toEqual({
      type: 'boleto',
      code: line,
      kind: 'arrecadacao',
      amountCents: 18790,
      dueDate: null,
      bankCode: null,
      bankName: null,
    });
  });

  it('reads the value of a mod 11 code (third digit 8)', () => {
    const line = arrecadacaoLine(5, '8', 4321);
    expect(readPaymentCode(line, TODAY)).toMatchObject({ kind: 'arrecadacao', amountCents: 4321 });
  });

  it('does not take a reference quantity (third digit 7 or 9) as the value', () => {
    expect(readPaymentCode(arrecadacaoLine(1, '7', 4321), TODAY)).toMatchObject({
      amountCents: null,
    });
  });

  it('refuses one wrong digit', () => {
    const line = arrecadacaoLine(2, '6', 18790);
    for (const index of [3, 10, 11, 30, 47]) {
      expect(readPaymentCode(withWrongDigit(line, index), TODAY)).toMatchObject({
        type: 'invalid',
      });
    }
    const mod11 = arrecadacaoLine(5, '8', 4321);
    expect(readPaymentCode(withWrongDigit(mod11, 20), TODAY)).toMatchObject({ type: 'invalid' });
  });
});

describe('PIX copia e cola', () => {
  it('checks our CRC16 against the Banco Central manual example', () => {
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
      '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(example)).toBe('1D3D');
  });

  it('reads name, key, value and description of a code with an amount', () => {
    const code = pixCode({
      key: '12345678000195',
      name: 'AREIA BOA LTDA',
      city: 'SAO PAULO',
      amount: '250.50',
      description: 'Pedido 42',
    });
    expect(readPaymentCode(code, TODAY)).toEqual({
      type: 'pix',
      code,
      amountCents: 25050,
      merchantName: 'AREIA BOA LTDA',
      merchantCity: 'SAO PAULO',
      key: '12345678000195',
      description: 'Pedido 42',
    });
  });

  it('reads a code without an amount (the payer types it)', () => {
    const code = pixCode({ key: 'vendas@areia.com.br', name: 'AREIA BOA', city: 'CAMPINAS' });
    expect(readPaymentCode(code, TODAY)).toMatchObject({
      amountCents: null,
      key: 'vendas@areia.com.br',
      description: null,
    });
  });

  it('refuses a bad CRC', () => {
    const code = pixCode({
      key: 'vendas@areia.com.br',
      name: 'AREIA BOA',
      city: 'CAMPINAS',
      amount: '10.00',
    });
    const tampered = code.replace('10.00', '90.00');
    expect(readPaymentCode(tampered, TODAY)).toEqual({
      type: 'invalid',
      message: 'Código PIX inválido: confira se foi copiado inteiro.',
    });
    const badCrc = code.slice(0, -4) + (code.endsWith('0000') ? '0001' : '0000');
    expect(readPaymentCode(badCrc, TODAY)).toMatchObject({ type: 'invalid' });
  });
});

describe('other text', () => {
  it('is no code: a phone number, a short number, words', () => {
    expect(readPaymentCode('11 98765-4321', TODAY)).toBeNull();
    expect(readPaymentCode('Cimento 50 sacos', TODAY)).toBeNull();
  });

  it('finds every valid code in a shared message, each once, skipping a broken one', () => {
    const boleto = bancarioLine('341', '2026-12-10', 123456);
    const pix = pixCode({
      key: 'vendas@areia.com.br',
      name: 'AREIA BOA',
      city: 'CAMPINAS',
      amount: '10.00',
    });
    const text = `Bom dia! Segue o boleto: ${formatBoletoLine(boleto)}\nOu no PIX:\n${pix}\nde novo ${boleto}\nerrado ${withWrongDigit(bancarioLine('001', '2026-12-01', 10), 3)}`;
    const codes = findPaymentCodes(text, TODAY);
    expect(codes.map((c) => c.code)).toEqual([pix, boleto]);
  });
});
