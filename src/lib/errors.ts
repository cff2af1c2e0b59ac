import { browserOnline, isOnline } from '@/lib/online';

/**
 * Turns any error from supabase-js (PostgrestError, AuthError, a fetch TypeError) into a
 * Portuguese message. Database functions raise stable keys (docs/contracts.md); GoTrue
 * answers with a `code`. Unknown errors never show their raw (English) text.
 */

export const UNEXPECTED_ERROR_TITLE = 'Erro inesperado';
export const UNEXPECTED_ERROR_MESSAGE = 'Ocorreu um erro inesperado.';
/** What an action that needs the server says when the device has no network (issue 11). */
export const OFFLINE_MESSAGE = 'Sem conexão. Tente novamente quando a conexão voltar.';

/**
 * No way to the server: the browser knows it has no network, or a read just failed to reach the
 * API while the browser said online (a weak connection; src/lib/online.ts).
 */
export function deviceOffline(): boolean {
  return !browserOnline() || !isOnline();
}

const messages = new Map<string, string>(
  Object.entries({
    // Database function keys (docs/contracts.md).
    not_authenticated: 'Sua sessão expirou. Faça login novamente.',
    not_a_member: 'Empresa não encontrada. Faça login novamente.',
    not_admin: 'Apenas administradores podem fazer isso.',
    entry_not_found: 'Lançamento não encontrado.',
    entry_already_settled: 'Este lançamento já foi baixado.',
    entry_not_settled: 'Este lançamento ainda não foi baixado.',
    bank_account_not_found: 'Conta bancária não encontrada',
    bank_account_inactive: 'Esta conta bancária está inativa.',
    invalid_amount: 'Valor inválido. Informe um valor maior que zero, com até duas casas decimais.',
    invalid_date: 'Data inválida. Informe uma data entre 01/01/2000 e 31/12/2100.',
    category_type_mismatch:
      'A categoria não corresponde ao lançamento: contas a pagar usam categorias de despesa e contas a receber, de receita.',
    same_account: 'Escolha contas de origem e destino diferentes.',
    invitation_not_found:
      'Convite não encontrado. Ele pode ter sido cancelado ou trocado por um link mais novo.',
    invitation_expired: 'Este convite expirou. Peça um novo link a quem convidou você.',
    invitation_email_mismatch:
      'Este convite é para outro email. Entre com o email que recebeu o convite.',
    invitation_already_accepted: 'Este convite já foi aceito.',
    invitation_pending: 'Este email já tem um convite pendente.',
    already_member: 'Este email já faz parte da empresa.',
    invalid_email: 'Informe um email válido',
    invalid_role: 'Escolha um papel válido.',
    category_name_taken: 'Já existe uma categoria com esse nome.',
    category_not_found: 'Categoria não encontrada.',
    // Issue 10: payments, deletion, transfers, history.
    entry_has_payments:
      'Este lançamento tem pagamentos registrados. Estorne-os antes de excluir ou alterar o valor.',
    payment_date_in_future: 'A data do pagamento não pode ser no futuro.',
    payment_exceeds_open_amount: 'O valor pago é maior que o valor em aberto.',
    invalid_kind: 'Tipo de lançamento inválido.',
    invalid_scope: 'Escolha o que excluir: só esta, esta e as próximas ou todas as pendentes.',
    invalid_id: 'Identificador do lançamento ausente.',
    entry_id_conflict: 'Não foi possível salvar este lançamento. Tente novamente.',
    transfer_not_found: 'Transferência não encontrada.',
    transfer_already_reversed: 'Esta transferência já foi estornada.',
    audit_log_append_only: 'O histórico não pode ser alterado.',
    invalid_activity_type: 'Tipo de atividade desconhecido.',
    payment_not_found: 'Pagamento não encontrado.',
    payment_already_reversed: 'Este pagamento já foi estornado.',
    stage_project_mismatch: 'Esta etapa não pertence à obra escolhida.',
    stage_in_use: 'Esta etapa tem lançamentos e não pode ser removida.',
    project_not_found: 'Obra não encontrada.',
    // Issue 12: conciliação bancária.
    invalid_statement: 'Extrato inválido: nenhum lançamento legível no arquivo.',
    statement_too_large: 'Extrato grande demais: importe no máximo 5.000 lançamentos por vez.',
    invalid_period:
      'Período inválido: a data final é anterior à inicial ou o período é maior que o permitido.',
    invalid_action: 'Ação de conciliação inválida.',
    statement_line_not_found: 'Lançamento do extrato não encontrado.',
    statement_line_already_reconciled: 'Este lançamento do extrato já foi conciliado.',
    statement_line_not_reconciled: 'Este lançamento do extrato ainda não foi conciliado.',
    transaction_not_found: 'Transação não encontrada nesta conta.',
    statement_amount_mismatch: 'O valor não confere com o lançamento do extrato.',
    transaction_already_matched:
      'Esta transação já foi conciliada com outro lançamento do extrato.',
    ignore_reason_required: 'Informe o motivo para ignorar este lançamento.',
    // Conciliação at its edges: only new entries, bounded statement texts.
    entry_already_exists: 'Já existe um lançamento com este identificador. Nada foi salvo.',
    statement_file_name_too_long:
      'O nome do arquivo é longo demais (máximo 255 caracteres). Renomeie o arquivo e importe novamente.',
    statement_field_too_long:
      'O extrato tem um campo longo demais (identificador do lançamento, tipo, banco ou conta). Nada foi importado.',
    statement_memo_too_long:
      'Um lançamento do extrato tem descrição longa demais (máximo 500 caracteres). Nada foi importado.',
    statement_unknown_field: 'O extrato tem campos desconhecidos. Nada foi importado.',
    statement_description_too_long: 'A descrição pode ter no máximo 200 caracteres.',
    statement_reason_too_long: 'O motivo pode ter no máximo 200 caracteres.',
    // Issue 13: planning (fluxo de caixa previsto, DRE).
    invalid_basis: 'Escolha o regime do DRE: caixa ou competência.',
    dre_group_type_mismatch:
      'O grupo do DRE não combina com o tipo da categoria: receitas vão em Receita bruta ou Outras, despesas em Custos de obra, Despesas administrativas ou Outras.',
    // GoTrue error codes.
    invalid_credentials: 'Email ou senha incorretos',
    user_already_exists: 'Este email já está cadastrado',
    weak_password: 'A senha deve ter pelo menos 6 caracteres',
    email_not_confirmed: 'Confirme seu email antes de entrar.',
    over_request_rate_limit: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    // PostgREST / Postgres codes worth a specific text.
    PGRST301: 'Sua sessão expirou. Faça login novamente.',
    '42501': 'Você não tem permissão para fazer isso.',
  }),
);

/** Older GoTrue versions (and the header-less path of auth-js) only send the English text. */
const authMessageKeys: Record<string, string> = {
  'Invalid login credentials': 'invalid_credentials',
  'User already registered': 'user_already_exists',
};

/**
 * Lets a feature add or override texts for keys it owns, e.g.
 * `registerErrorMessages({ entry_already_settled: 'Esta conta já foi paga.' })`.
 */
export function registerErrorMessages(map: Record<string, string>): void {
  for (const [key, text] of Object.entries(map)) messages.set(key, text);
}

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

export function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (field(error, 'name') === 'AuthRetryableFetchError') return true;
  const message = field(error, 'message');
  return (
    typeof message === 'string' &&
    /Failed to fetch|NetworkError|fetch failed|Load failed|Network request failed/i.test(message)
  );
}

/**
 * Table writes (insert/update through PostgREST) meet the database's rules as constraint errors,
 * not raised keys (docs/contracts.md, "Dates and amounts"): date columns have check constraints
 * named `<table>_<column>_range`; money columns `<table>_<column>_check`; a number too large for
 * numeric(14,2) overflows before any check runs.
 */
const MONEY_CHECK = /_(amount|price|budget|cost|balance)_check$/;

function constraintKey(code: unknown, message: unknown): string | null {
  const text = typeof message === 'string' ? message : '';
  if (code === '23514') {
    const constraint = /constraint "([^"]+)"/.exec(text)?.[1] ?? '';
    if (constraint.endsWith('_range')) return 'invalid_date';
    if (MONEY_CHECK.test(constraint)) return 'invalid_amount';
    if (constraint === 'categories_dre_group_check') return 'dre_group_type_mismatch';
  }
  if (code === '22003' && /numeric field overflow/i.test(text)) return 'invalid_amount';
  // A date PostgREST could not even parse: "2026-13-45", "+infinityx", a year past 5874897.
  if (code === '22007' || code === '22008') return 'invalid_date';
  return null;
}

/** The stable key of an error (our raise message, a GoTrue code or a Postgres code), if any. */
export function errorKey(error: unknown): string | null {
  const message = field(error, 'message');
  const code = field(error, 'code');
  if (code === 'P0001' && typeof message === 'string') return message;
  if (code === '23505') {
    const text = `${String(message)} ${String(field(error, 'details'))}`;
    if (/categor/i.test(text)) return 'category_name_taken';
  }
  const tableRuleKey = constraintKey(code, message);
  if (tableRuleKey) return tableRuleKey;
  if (typeof code === 'string' && code !== '') return code;
  if (typeof message === 'string') {
    if (messages.has(message)) return message;
    if (message in authMessageKeys) return authMessageKeys[message] ?? null;
  }
  return null;
}

/**
 * The Portuguese text for an error: the registered text for its key, else `fallback`
 * (default "Ocorreu um erro inesperado."). Network failures give the unexpected text, or the
 * "Sem conexão" one when the device knows it is offline.
 */
export function getErrorMessage(
  error: unknown,
  fallback: string = UNEXPECTED_ERROR_MESSAGE,
): string {
  if (isNetworkError(error)) return deviceOffline() ? OFFLINE_MESSAGE : UNEXPECTED_ERROR_MESSAGE;
  const key = errorKey(error);
  return (key && messages.get(key)) ?? fallback;
}

/** True for errors a retry cannot fix: HTTP 4xx, constraint/permission/raise errors. */
export function isClientError(error: unknown): boolean {
  if (isNetworkError(error)) return false;
  const status = field(error, 'status');
  if (typeof status === 'number' && status >= 400 && status < 500) return true;
  const code = field(error, 'code');
  // Postgres classes 08 (connection), 53 (resources), 57 (operator intervention) can recover.
  return typeof code === 'string' && code !== '' && !/^(08|53|57)/.test(code);
}
