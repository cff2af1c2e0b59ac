import { describe, expect, it } from 'vitest';
import { findPaymentCodes, formatBoletoLine } from '@/lib/capture/payment-codes';
import { arrecadacaoLine, bancarioLine, pixCode, withWrongDigit } from '@/test/payment-codes';

// Codes as they arrive in a WhatsApp message or a boleto PDF's text: among words, values, dates
// and phone numbers, printed with dots and spaces.
const TODAY = '2026-11-26';
const boleto = bancarioLine('341', '2026-12-10', 123456);
const pix = pixCode({
  key: 'vendas@areia.com.br',
  name: 'AREIA BOA',
  city: 'CAMPINAS',
  amount: '250.50',
  description: 'Pedido 42',
});

describe('codes in free text', () => {
  it('finds a boleto printed with dots and spaces in a message', () => {
    const text = `Bom dia, seu Zé! Segue o boleto da areia, R$ 1.234,56, vence 10/12:\n${formatBoletoLine(boleto)}\nQualquer dúvida é só chamar.`;
    expect(findPaymentCodes(text, TODAY)).toEqual([
      expect.objectContaining({
        type: 'boleto',
        code: boleto,
        amountCents: 123456,
        dueDate: '2026-12-10',
      }),
    ]);
  });

  it('finds a boleto with a phone number or a quantity on the same line', () => {
    const text = `Ligue 11 98765-4321 ${formatBoletoLine(boleto)} 20 sacos`;
    expect(findPaymentCodes(text, TODAY).map((c) => c.code)).toEqual([boleto]);
  });

  it('finds a boleto broken over lines, as a PDF gives its text', () => {
    const text = `Linha digitável\n${boleto.slice(0, 10)} ${boleto.slice(10, 21)} ${boleto.slice(21, 32)} ${boleto.slice(32)}\nPagador`;
    expect(findPaymentCodes(text, TODAY).map((c) => c.code)).toEqual([boleto]);
  });

  it('finds a PIX copia e cola in a message', () => {
    const text = `Pode fazer o PIX nesse código:\n${pix}\nobrigado`;
    expect(findPaymentCodes(text, TODAY)).toEqual([
      expect.objectContaining({
        type: 'pix',
        code: pix,
        amountCents: 25050,
        merchantName: 'AREIA BOA',
      }),
    ]);
  });

  it('finds both, each once, and an arrecadação (conta de luz) too', () => {
    const luz = arrecadacaoLine(3, '6', 18990);
    const text = `Boleto: ${boleto}\nPIX: ${pix}\nLuz: ${formatBoletoLine(luz)}\nDe novo: ${formatBoletoLine(boleto)}`;
    expect(findPaymentCodes(text, TODAY).map((c) => c.code)).toEqual([pix, boleto, luz]);
  });

  it('finds nothing in a message without a code, or with a wrong digit', () => {
    expect(
      findPaymentCodes('Chegou o cimento, 50 sacos. Nota 123456 de 26/11/2026.', TODAY),
    ).toEqual([]);
    expect(findPaymentCodes(`Boleto: ${withWrongDigit(boleto, 12)}`, TODAY)).toEqual([]);
    expect(findPaymentCodes(`PIX: ${pix.replace('250.50', '950.50')}`, TODAY)).toEqual([]);
  });
});
