// Why a file is not read: a key for the code and a Portuguese message for the user.

export type ImportFileErrorKey =
  'empty' | 'password' | 'too_big' | 'too_many_rows' | 'unsupported' | 'corrupt';

export const IMPORT_FILE_ERROR_MESSAGES: Record<ImportFileErrorKey, string> = {
  empty: 'O arquivo está vazio: não há nenhuma linha para importar.',
  password:
    'A planilha está protegida por senha. Abra-a no Excel, remova a senha (Arquivo › Informações › Proteger pasta de trabalho) e envie de novo.',
  too_big: 'O arquivo tem mais de 20 MB. Envie uma planilha menor (até 5.000 linhas por vez).',
  too_many_rows:
    'A planilha tem mais de 5.000 linhas. Divida-a em arquivos de até 5.000 linhas e importe um por vez.',
  unsupported: 'Formato não aceito. Envie uma planilha .xlsx, .xls ou .csv.',
  corrupt:
    'Não foi possível ler o arquivo: ele parece danificado ou não é uma planilha. Abra-o no Excel, salve como .xlsx e envie de novo.',
};

/** A file we do not read; `message` is for the user (Portuguese), `key` for the code. */
export class ImportFileError extends Error {
  readonly key: ImportFileErrorKey;
  constructor(key: ImportFileErrorKey, message: string = IMPORT_FILE_ERROR_MESSAGES[key]) {
    super(message);
    this.name = 'ImportFileError';
    this.key = key;
  }
}
