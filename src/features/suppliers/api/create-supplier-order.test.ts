import { describe, expect, it } from 'vitest';
import { newSupplierOrderInput } from '@/features/suppliers/api/create-supplier-order';
import { newSupplierProductInput } from '@/features/suppliers/api/create-supplier-product';

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const order = { description: '', amount: '', projectId: '', deliveryDate: null, notes: '' };
const product = {
  name: '',
  price: '',
  unit: '',
  category: 'Diversos',
  description: '',
  frequency: 'mensal',
};

describe('newSupplierOrderInput', () => {
  it('requires description, amount and obra', () => {
    expect(fieldErrors(newSupplierOrderInput.safeParse({ ...order, description: '  ' }))).toEqual({
      description: 'Campo obrigatório',
      amount: 'Campo obrigatório',
      projectId: 'Campo obrigatório',
    });
  });
  it('refuses an amount of zero or one that is not money', () => {
    for (const amount of ['0,00', 'abc']) {
      expect(
        fieldErrors(
          newSupplierOrderInput.safeParse({ ...order, description: 'A', amount, projectId: 'p' }),
        ),
      ).toEqual({ amount: 'Informe um valor maior que zero.' });
    }
  });
  it('gives centavos and trimmed texts, empty notes as null', () => {
    expect(
      newSupplierOrderInput.parse({
        ...order,
        description: ' Cimento ',
        amount: '1.250,50',
        projectId: 'p',
        notes: '  ',
      }),
    ).toEqual({
      description: 'Cimento',
      amount: 125050,
      projectId: 'p',
      deliveryDate: null,
      notes: null,
    });
  });
});

describe('newSupplierProductInput', () => {
  it('requires name, price and unit', () => {
    expect(fieldErrors(newSupplierProductInput.safeParse(product))).toEqual({
      name: 'Campo obrigatório',
      price: 'Campo obrigatório',
      unit: 'Campo obrigatório',
    });
  });
  it('refuses a price of zero', () => {
    expect(
      fieldErrors(
        newSupplierProductInput.safeParse({ ...product, name: 'A', price: '0', unit: 'saco' }),
      ),
    ).toEqual({ price: 'Informe um preço maior que zero.' });
  });
  it('gives centavos and trimmed texts, an empty description as null', () => {
    expect(
      newSupplierProductInput.parse({
        ...product,
        name: ' Cimento ',
        price: '32,90',
        unit: 'saco',
      }),
    ).toEqual({
      name: 'Cimento',
      price: 3290,
      unit: 'saco',
      category: 'Diversos',
      description: null,
      frequency: 'mensal',
    });
  });
});
