import { describe, expect, it } from 'vitest';
import {
  emptySupplierInput,
  parseRating,
  supplierInput,
} from '@/features/suppliers/api/create-supplier';

/** The first message of each field the schema refuses. */
function fieldErrors(values: unknown): Record<string, string> {
  const result = supplierInput.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

describe('parseRating', () => {
  it('reads 0–5 with a comma or a point, blank as no rating', () => {
    expect(parseRating('')).toBeNull();
    expect(parseRating('4,5')).toBe(4.5);
    expect(parseRating('4.5')).toBe(4.5);
    expect(parseRating('0')).toBe(0);
    expect(parseRating('5')).toBe(5);
  });
  it('refuses anything else', () => {
    for (const text of ['5,5', '6', '-1', '4,55', 'abc', '10'])
      expect(parseRating(text)).toBeUndefined();
  });
});

describe('supplierInput', () => {
  it('requires name, type, phone and email', () => {
    expect(fieldErrors(emptySupplierInput)).toEqual({
      name: 'Campo obrigatório',
      type: 'Campo obrigatório',
      phone: 'Campo obrigatório',
      email: 'Campo obrigatório',
    });
  });
  it('treats blank-only texts as missing', () => {
    expect(
      fieldErrors({
        ...emptySupplierInput,
        name: '   ',
        type: 'materiais',
        phone: ' ',
        email: 'a@b.co',
      }),
    ).toEqual({ name: 'Campo obrigatório', phone: 'Campo obrigatório' });
  });
  it('refuses a malformed email, a rating outside 0–5 and a malformed date', () => {
    const values = {
      ...emptySupplierInput,
      name: 'A',
      type: 'materiais',
      phone: '1',
      email: 'sem-arroba',
    };
    expect(fieldErrors(values)).toEqual({ email: 'Informe um email válido.' });
    expect(fieldErrors({ ...values, email: 'a@b.co', rating: '7' })).toEqual({
      rating: 'Informe uma nota de 0 a 5.',
    });
    expect(fieldErrors({ ...values, email: 'a@b.co', foundedOn: '15/03/1998' })).toEqual({
      foundedOn: 'Informe uma data válida.',
    });
  });
  it('refuses a type that is not one of the spec', () => {
    expect(
      fieldErrors({ ...emptySupplierInput, name: 'A', type: 'outro', phone: '1', email: 'a@b.co' }),
    ).toEqual({ type: 'Campo obrigatório' });
  });
  it('gives the row to write: texts trimmed, empty optional ones as null', () => {
    expect(
      supplierInput.parse({
        ...emptySupplierInput,
        name: '  Casa  ',
        type: 'servicos',
        phone: ' 11 ',
        email: ' a@b.co ',
        notes: '   ',
        rating: '3,5',
        foundedOn: '1998-03-15',
      }),
    ).toEqual({
      name: 'Casa',
      type: 'servicos',
      category: null,
      phone: '11',
      email: 'a@b.co',
      address: null,
      document: null,
      website: null,
      notes: null,
      rating: 3.5,
      founded_on: '1998-03-15',
    });
  });
});
