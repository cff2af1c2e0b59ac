import { describe, expect, it } from 'vitest';
import { importErrorMessage, importRefusal } from '@/lib/api/imports';

const raised = (message: string, details: string | null = null, hint: string | null = null) => ({
  code: 'P0001',
  message,
  details,
  hint,
});

describe('an import refused by the database', () => {
  it('names the sheet line and the reason in Portuguese', () => {
    const error = raised('import_row_invalid', '400', 'invalid_amount');
    expect(importRefusal(error)).toEqual({ line: 400, register: null, reason: 'invalid_amount' });
    expect(importErrorMessage(error)).toBe(
      'Linha 400: Valor inválido. Informe um valor maior que zero, com até duas casas decimais. Nada foi importado.',
    );
    expect(importErrorMessage(raised('import_row_invalid', '7', 'supplier_not_found'))).toBe(
      'Linha 7: Fornecedor não encontrado. Nada foi importado.',
    );
  });

  it('reads a table rule named by its SQLSTATE as the app reads that code', () => {
    expect(importErrorMessage(raised('import_row_invalid', '3', '23514'))).toBe(
      'Linha 3: Algum valor informado não é permitido. Revise os campos e tente novamente. Nada foi importado.',
    );
  });

  it('names the register that could not be created', () => {
    expect(
      importErrorMessage(raised('import_create_invalid', 'Obra Nova', 'text_too_long')),
    ).toMatch(/^Não foi possível criar “Obra Nova”: .+ Nada foi importado\.$/);
  });

  it('gives the key’s own text for the other refusals', () => {
    expect(importRefusal(raised('import_batch_changed'))).toBeNull();
    expect(importErrorMessage(raised('import_batch_changed'))).toBe(
      'Esta importação não pode mais ser desfeita: algo dela foi alterado, pago, aprovado ou conciliado depois. Atualize a página.',
    );
    expect(importErrorMessage(raised('import_too_many_rows', null, '5000'))).toBe(
      'A planilha passa de 5.000 linhas. Divida o arquivo e importe uma parte de cada vez.',
    );
  });
});
