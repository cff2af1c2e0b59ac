import { describe, expect, it } from 'vitest';
import {
  errorKey,
  getErrorMessage,
  isClientError,
  isNetworkError,
  registerErrorMessages,
  UNEXPECTED_ERROR_MESSAGE,
} from '@/lib/errors';

const raised = (key: string) => ({ code: 'P0001', message: key, details: null, hint: null });

describe('getErrorMessage', () => {
  it('maps database function keys to Portuguese', () => {
    expect(getErrorMessage(raised('entry_already_settled'))).toBe(
      'Este lançamento já foi baixado.',
    );
    expect(getErrorMessage(raised('bank_account_not_found'))).toBe('Conta bancária não encontrada');
  });

  it('maps GoTrue codes and their English messages', () => {
    expect(
      getErrorMessage({ name: 'AuthApiError', status: 400, code: 'invalid_credentials' }),
    ).toBe('Email ou senha incorretos');
    expect(getErrorMessage({ name: 'AuthApiError', message: 'User already registered' })).toBe(
      'Este email já está cadastrado',
    );
  });

  it("maps hosted-like limits: the gateway's 413 (REST and auth shapes) and a statement timeout", () => {
    const tooLarge = 'Arquivo ou dados grandes demais para enviar. Tente com um arquivo menor.';
    expect(
      getErrorMessage({
        code: 'PGRST413',
        message: 'Payload Too Large',
        details: 'The request body is larger than the limit of 6 MB for this path',
        hint: null,
      }),
    ).toBe(tooLarge);
    expect(getErrorMessage({ name: 'AuthApiError', status: 413, code: 'request_too_large' })).toBe(
      tooLarge,
    );
    const timeout = {
      code: '57014',
      message: 'canceling statement due to statement timeout',
      details: null,
      hint: null,
    };
    expect(getErrorMessage(timeout)).toBe('A operação demorou demais. Tente novamente.');
    // A retry may succeed after a timeout; never after a body that is too large.
    expect(isClientError(timeout)).toBe(false);
    expect(isClientError({ code: 'PGRST413', message: 'Payload Too Large' })).toBe(true);
  });

  it('maps a unique violation on categories', () => {
    expect(
      getErrorMessage({
        code: '23505',
        message: 'duplicate key value violates unique constraint "categories_company_name_key"',
      }),
    ).toBe('Já existe uma categoria com esse nome.');
  });

  it('never shows unknown or raw English errors', () => {
    expect(getErrorMessage(raised('something_new'))).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(getErrorMessage({ code: '22P02', message: 'invalid input syntax for type uuid' })).toBe(
      'Algum dado foi enviado em formato inválido. Atualize a página e tente novamente.',
    );
    expect(getErrorMessage({ code: 'XX000', message: 'internal error' })).toBe(
      UNEXPECTED_ERROR_MESSAGE,
    );
    expect(getErrorMessage(new Error('boom'))).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(getErrorMessage('string')).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(getErrorMessage(null, 'Erro ao carregar categorias')).toBe(
      'Erro ao carregar categorias',
    );
  });

  it('treats network failures as unexpected', () => {
    expect(getErrorMessage(new TypeError('Failed to fetch'))).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(
      getErrorMessage({ message: 'TypeError: Failed to fetch', code: '', details: '', hint: '' }),
    ).toBe(UNEXPECTED_ERROR_MESSAGE);
  });

  it('maps table rule violations on dates and amounts to their keys', () => {
    const check = (constraint: string) => ({
      code: '23514',
      message: `new row for relation "t" violates check constraint "${constraint}"`,
      details: 'Failing row contains (...)',
      hint: null,
    });
    expect(errorKey(check('accounts_payable_due_date_range'))).toBe('invalid_date');
    expect(errorKey(check('suppliers_founded_on_range'))).toBe('invalid_date');
    expect(errorKey({ code: '22008', message: 'date/time field value out of range' })).toBe(
      'invalid_date',
    );
    expect(getErrorMessage(check('transactions_transaction_date_range'))).toBe(
      'Data inválida. Informe uma data entre 01/01/2000 e 31/12/2100.',
    );
    expect(errorKey(check('accounts_payable_amount_check'))).toBe('invalid_amount');
    expect(errorKey(check('project_stages_estimated_cost_check'))).toBe('invalid_amount');
    expect(errorKey(check('bank_accounts_initial_balance_check'))).toBe('invalid_amount');
    expect(errorKey({ code: '22003', message: 'numeric field overflow' })).toBe('invalid_amount');
    // Other checks and overflows keep their code: no misleading text.
    expect(errorKey(check('accounts_payable_installment_needs_count'))).toBe('23514');
    expect(
      errorKey({ code: '22003', message: 'value "9e9" is out of range for type integer' }),
    ).toBe('22003');
  });

  it('says which text is too long and its limit', () => {
    const raise = { code: 'P0001', message: 'text_too_long', details: 'description', hint: '2000' };
    expect(errorKey(raise)).toBe('text_too_long');
    expect(getErrorMessage(raise)).toBe('O campo Descrição aceita no máximo 2.000 caracteres.');
    expect(getErrorMessage({ ...raise, details: 'search', hint: '200' })).toBe(
      'O campo Busca aceita no máximo 200 caracteres.',
    );
    // A field the app does not know still gets a Portuguese text.
    expect(getErrorMessage({ ...raise, details: 'whatever' })).toBe(
      'Texto longo demais. Encurte o texto e tente novamente.',
    );
    const table = (constraint: string) => ({
      code: '23514',
      message: `new row for relation "x" violates check constraint "${constraint}"`,
      details: 'Failing row contains (...)',
      hint: null,
    });
    expect(errorKey(table('suppliers_name_length'))).toBe('text_too_long');
    expect(getErrorMessage(table('suppliers_name_length'))).toBe(
      'O campo Nome passou do tamanho máximo. Encurte o texto e tente novamente.',
    );
    // The longest column the name ends with: supplier_name, not name.
    expect(getErrorMessage(table('accounts_payable_supplier_name_length'))).toBe(
      'O campo Fornecedor passou do tamanho máximo. Encurte o texto e tente novamente.',
    );
    // Blank names keep their own constraint, which is not a length.
    expect(errorKey(table('suppliers_name_check'))).toBe('23514');
  });

  it('lets a feature register its own texts', () => {
    registerErrorMessages({ supplier_has_orders: 'Fornecedor possui pedidos.' });
    expect(getErrorMessage(raised('supplier_has_orders'))).toBe('Fornecedor possui pedidos.');
    expect(errorKey(raised('supplier_has_orders'))).toBe('supplier_has_orders');
  });
});

describe('error classification', () => {
  it('recognises network errors from fetch, postgrest-js and auth-js', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError({ message: 'FetchError: fetch failed', code: '' })).toBe(true);
    expect(isNetworkError({ name: 'AuthRetryableFetchError', status: 0 })).toBe(true);
    expect(isNetworkError(raised('not_admin'))).toBe(false);
  });

  it('does not retry client errors but retries network and server errors', () => {
    expect(isClientError(raised('not_admin'))).toBe(true);
    expect(isClientError({ code: 'PGRST116', message: 'x' })).toBe(true);
    expect(isClientError({ status: 422, code: 'weak_password' })).toBe(true);
    expect(isClientError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isClientError({ status: 503 })).toBe(false);
    expect(
      isClientError({ code: '57014', message: 'canceling statement due to statement timeout' }),
    ).toBe(false);
  });
});
