// The check digits of boletos (Carta-Circular BCB 2.926/2000, FEBRABAN's arrecadação layout). The
// library validates codes; these build them: a scanned ITF barcode (44 digits) is turned into the
// linha digitável the bank apps take, and tests build codes with real digits.

/** Módulo 10, weights 2,1,2,1… from the right, a product's digits summed. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  const rest = sum % 10;
  return rest === 0 ? 0 : 10 - rest;
}

function mod11Rest(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum % 11;
}

/** The general digit of a bancário barcode: 11 − rest, and 1 where that is 0, 10 or 11. */
export function mod11Bancario(digits: string): number {
  const dv = 11 - mod11Rest(digits);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Arrecadação's módulo 11: rest 0 or 1 gives 0, rest 10 gives 1. */
export function mod11Arrecadacao(digits: string): number {
  const rest = mod11Rest(digits);
  if (rest === 0 || rest === 1) return 0;
  if (rest === 10) return 1;
  return 11 - rest;
}

/** Arrecadação's third digit says which module its digits use: 6/7 → mod 10, 8/9 → mod 11. */
export function arrecadacaoModule(barcode: string): ((digits: string) => number) | null {
  const id = barcode[2];
  if (id === '6' || id === '7') return mod10;
  if (id === '8' || id === '9') return mod11Arrecadacao;
  return null;
}

/** 44-digit bancário barcode → 47-digit linha digitável. */
export function bancarioBarcodeToLine(barcode: string): string {
  const free = barcode.slice(19);
  const field1 = barcode.slice(0, 4) + free.slice(0, 5);
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  return (
    field1 +
    String(mod10(field1)) +
    field2 +
    String(mod10(field2)) +
    field3 +
    String(mod10(field3)) +
    barcode.slice(4, 5) +
    barcode.slice(5, 19)
  );
}

/** 47-digit linha digitável → 44-digit barcode (the order the general digit is computed on). */
export function bancarioLineToBarcode(line: string): string {
  return (
    line.slice(0, 4) +
    line.slice(32, 47) +
    line.slice(4, 9) +
    line.slice(10, 20) +
    line.slice(21, 31)
  );
}

/** 44-digit arrecadação barcode → 48-digit linha (4 blocks of 11, each with its digit). */
export function arrecadacaoBarcodeToLine(barcode: string): string | null {
  const module = arrecadacaoModule(barcode);
  if (!module) return null;
  let line = '';
  for (let block = 0; block < 4; block++) {
    const part = barcode.slice(block * 11, block * 11 + 11);
    line += part + String(module(part));
  }
  return line;
}
