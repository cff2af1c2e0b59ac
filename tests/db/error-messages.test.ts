// The database's own errors, as the API really returns them, become Portuguese through the app's
// mapping (src/lib/errors.ts): no English message or details reach the user.
import { beforeAll, describe, expect, it } from 'vitest';
import { errorKey, getErrorMessage } from '@/lib/errors';
import { createMember } from './helpers';
import type { Member } from './money-helpers';

let owner: Member;
let supplierId: string;
let projectId: string;

beforeAll(async () => {
  owner = await createMember('Construtora Mensagens');
  const supplier = await owner.client
    .from('suppliers')
    .insert({ company_id: owner.company.id, name: 'Fornecedor mensagens' })
    .select('id')
    .single();
  const project = await owner.client
    .from('projects')
    .insert({ company_id: owner.company.id, name: 'Obra mensagens' })
    .select('id')
    .single();
  supplierId = supplier.data!.id;
  projectId = project.data!.id;
});

describe('a foreign-key violation (23503) from the API', () => {
  it('pointing at a row that does not exist: reference_not_found, in Portuguese', async () => {
    const { error } = await owner.client.from('supplier_orders').insert({
      company_id: owner.company.id,
      supplier_id: crypto.randomUUID(),
      description: 'Pedido sem fornecedor',
      amount: 10,
    });
    expect(error).toMatchObject({ code: '23503' });
    expect(error?.details).toMatch(/is not present in table/);
    expect(errorKey(error)).toBe('reference_not_found');
    expect(getErrorMessage(error)).toBe(
      'Um dos itens escolhidos não existe mais (pode ter sido excluído). Atualize a página e escolha de novo.',
    );
  });

  it('deleting a row still in use: reference_in_use, in Portuguese', async () => {
    const order = await owner.client.from('supplier_orders').insert({
      company_id: owner.company.id,
      supplier_id: supplierId,
      project_id: projectId,
      description: 'Pedido da obra',
      amount: 10,
    });
    expect(order.error).toBeNull();
    const { error } = await owner.client.from('projects').delete().eq('id', projectId);
    expect(error).toMatchObject({ code: '23503' });
    expect(error?.message).toMatch(/violates foreign key constraint/);
    expect(errorKey(error)).toBe('reference_in_use');
    const text = getErrorMessage(error);
    expect(text).toBe(
      'Não é possível excluir: há outros registros ligados a este. Remova ou altere-os antes.',
    );
    expect(text).not.toContain(error!.message);
  });
});

describe('other constraint errors from the API', () => {
  it('a unique violation (23505) is Portuguese', async () => {
    const id = crypto.randomUUID();
    const row = { id, company_id: owner.company.id, name: 'Cliente duplicado' };
    expect((await owner.client.from('clients').insert(row)).error).toBeNull();
    const { error } = await owner.client.from('clients').insert(row);
    expect(error).toMatchObject({ code: '23505' });
    expect(getErrorMessage(error)).toBe(
      'Este registro já existe. Atualize a página para ver a versão salva.',
    );
  });

  it('a blank name refused by its check (23514) and bad input (22P02) are Portuguese', async () => {
    const long = await owner.client
      .from('clients')
      .insert({ company_id: owner.company.id, name: '   ' });
    expect(long.error).toMatchObject({ code: '23514' });
    expect(getErrorMessage(long.error)).toBe(
      'Algum valor informado não é permitido. Revise os campos e tente novamente.',
    );
    const bad = await owner.client.from('clients').select('id').eq('id', 'not-a-uuid');
    expect(bad.error).toMatchObject({ code: '22P02' });
    expect(getErrorMessage(bad.error)).toBe(
      'Algum dado foi enviado em formato inválido. Atualize a página e tente novamente.',
    );
  });
});
