import { browserOnline, isOnline } from '@/lib/online';

/**
 * Turns any error from supabase-js (PostgrestError, AuthError, a fetch TypeError) into a
 * Portuguese message. Database functions raise stable keys (docs/contracts.md); GoTrue
 * answers with a `code`. Unknown errors never show their raw (English) text.
 */

export const UNEXPECTED_ERROR_TITLE = 'Erro inesperado';
export const UNEXPECTED_ERROR_MESSAGE = 'Ocorreu um erro inesperado.';
/** What an action that needs the server says when the device has no network. */
export const OFFLINE_MESSAGE = 'Sem conexão. Tente novamente quando a conexão voltar.';

/**
 * No way to the server: the browser knows it has no network, or a read just failed to reach the
 * API while the browser said online (a weak connection; src/lib/online.ts).
 */
export function deviceOffline(): boolean {
  return !browserOnline() || !isOnline();
}

/** A request body past the API gateway's limit, in PostgREST's (PGRST413) or GoTrue's shape. */
const TOO_LARGE_MESSAGE =
  'Arquivo ou dados grandes demais para enviar. Tente com um arquivo menor.';

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
    // save_supplier (issue 31).
    supplier_not_found: 'Fornecedor não encontrado.',
    supplier_changed:
      'Este fornecedor mudou desde que você o abriu. Nada foi salvo: confira e salve de novo.',
    invalid_supplier: 'Dados do fornecedor inválidos. Revise os campos e tente novamente.',
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
    // Payments, deletion, transfers, history.
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
    invalid_page: 'Página inválida. Recarregue a lista.',
    payment_not_found: 'Pagamento não encontrado.',
    payment_already_reversed: 'Este pagamento já foi estornado.',
    stage_project_mismatch: 'Esta etapa não pertence à obra escolhida.',
    // Rateio (issue 33).
    split_invalid: 'Rateio inválido.',
    split_sum_mismatch: 'As partes do rateio precisam somar o valor do lançamento.',
    split_project_not_found: 'Obra do rateio não encontrada.',
    split_project_closed: 'Obra concluída ou cancelada não recebe novas partes de rateio.',
    split_category_not_found: 'Categoria do rateio não encontrada.',
    stage_in_use: 'Esta etapa tem lançamentos e não pode ser removida.',
    project_not_found: 'Obra não encontrada.',
    // Conciliação bancária.
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
    // Planning (fluxo de caixa previsto, DRE).
    invalid_basis: 'Escolha o regime do DRE: caixa ou competência.',
    dre_group_type_mismatch:
      'O grupo do DRE não combina com o tipo da categoria: receitas vão em Receita bruta ou Outras, despesas em Custos de obra, Despesas administrativas ou Outras.',
    // Bounded texts and enumerated arguments. text_too_long is usually shown through
    // textTooLongMessage (which field, how long); this text is its fallback.
    text_too_long: 'Texto longo demais. Encurte o texto e tente novamente.',
    invalid_priority: 'Escolha uma prioridade válida.',
    invalid_status: 'Escolha um status válido.',
    invalid_payment_method: 'Escolha uma forma de pagamento válida.',
    // This device's notifications (src/features/preferences/lib/push-device.ts): not the
    // database's, the browser's answers.
    push_permission_denied:
      'As notificações estão bloqueadas para este app. Libere nas configurações do navegador e tente de novo.',
    push_permission_dismissed:
      'Você não respondeu ao pedido de permissão. Toque de novo e escolha “Permitir”.',
    push_no_worker:
      'Este navegador não deixou o app funcionar em segundo plano (janela anônima?), então não recebe notificações.',
    push_subscribe_failed:
      'O navegador não conseguiu ativar as notificações. Tente de novo em instantes.',
    push_key_unavailable: 'O servidor de notificações não respondeu. Tente de novo em instantes.',
    // GoTrue error codes.
    invalid_credentials: 'Email ou senha incorretos',
    user_already_exists: 'Este email já está cadastrado',
    weak_password: 'A senha deve ter pelo menos 6 caracteres',
    email_not_confirmed: 'Confirme seu email antes de entrar.',
    over_request_rate_limit: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    // PostgREST / Postgres codes worth a specific text.
    PGRST301: 'Sua sessão expirou. Faça login novamente.',
    '42501': 'Você não tem permissão para fazer isso.',
    // Limits like hosted Supabase's (docs/local-stack.md): a query past the role's
    // statement_timeout, and a request body past the API gateway's limit (REST / auth shapes).
    '57014': 'A operação demorou demais. Tente novamente.',
    PGRST413: TOO_LARGE_MESSAGE,
    request_too_large: TOO_LARGE_MESSAGE,
  }),
);

/**
 * Keys raised by database functions and triggers that no feature module registers (every key a
 * migration raises must have a text: tests/lint/error-catalogue.test.ts greps them).
 */
export const DATABASE_KEY_MESSAGES: Readonly<Record<string, string>> = {
  // Notificações (issue 32): the settings and this device's subscription; the delivery RPCs' keys
  // are the service role's (the notify Edge Function), never a user's.
  unknown_notice_kind: 'Tipo de notificação desconhecido. Atualize a página e tente novamente.',
  invalid_notice_setting: 'Escolha se quer receber no app, por e-mail e no celular.',
  invalid_push_subscription:
    'Não foi possível ativar as notificações neste aparelho. Tente novamente.',
  invalid_limit: 'Limite inválido.',
  delivery_not_found: 'Envio não encontrado.',
  invalid_delivery_outcome: 'Resultado de envio inválido.',
  membership_inactive:
    'Seu acesso a esta empresa foi desativado. Fale com um administrador da empresa.',
  company_change_forbidden: 'Um registro não pode ser movido para outra empresa.',
  last_admin: 'A empresa precisa de pelo menos um administrador ativo.',
  // Roles: what a member's role may not do, and the obras an 'obra' member may reach.
  forbidden_role: 'Seu perfil não permite esta ação.',
  projects_required: 'Escolha ao menos uma obra para este perfil.',
  project_not_assigned: 'Você não tem acesso a esta obra.',
  not_awaiting_approval: 'Este lançamento não está aguardando aprovação.',
  // Rateio (issue 33): a split's categories are its parts'.
  split_category_on_approval:
    'Este lançamento tem rateio: a categoria é a de cada parte. Aprove sem escolher categoria e ajuste as partes em Editar.',
  // Names in the audit: two members of a company never share one (accents and case ignored).
  member_name_taken:
    'Já existe um membro com esse nome nesta empresa. Use outro nome, por exemplo com o sobrenome.',
  entry_changed: 'Este lançamento mudou desde que você o abriu.',
  awaiting_approval: 'Este lançamento aguarda aprovação e não pode ser baixado.',
  refusal_reason_required: 'Informe o motivo da recusa.',
  invalid_bucket: 'Escolha o agrupamento do gráfico: dia, semana ou mês.',
  // Empresa (update_company).
  invalid_document: 'CNPJ/CPF inválido.',
  invalid_zip_code: 'CEP inválido.',
  invalid_state: 'UF inválida.',
  // Documents (anexos, comprovantes).
  document_duplicate: 'Este arquivo já está anexado a este lançamento.',
  // Documents are evidence (issue 31): the database's refusals (P0001), and the same keys as the
  // message of Storage's AccessDenied (src/lib/documents/upload-document.ts).
  document_locked:
    'Este lançamento já foi aprovado ou pago: só o administrador ou o financeiro removem ou trocam seus documentos.',
  document_entry_paid:
    'Este lançamento já foi pago: só o administrador ou o financeiro anexam documentos a ele.',
  document_name_taken: 'Já existe um documento guardado com este nome. Anexe o arquivo de novo.',
  document_in_use: 'Este arquivo pertence a um documento anexado: remova o documento primeiro.',
  // Capture: boleto, PIX and NF-e codes on payables (import_nfe; the table's rules through errorKey).
  nfe_already_imported: 'NF-e já importada.',
  invalid_nfe_key: 'Chave de acesso da NF-e inválida.',
  invalid_nfe: 'NF-e inválida: o arquivo não tem os dados esperados (número, emitente, valores).',
  boleto_already_registered: 'Este boleto já foi lançado.',
  invalid_boleto_code: 'Código de barras inválido',
  invalid_pix_code: 'Código PIX inválido: confira se foi copiado inteiro.',
  // Rateio padrão (issue 33, split_templates and split_template_parts).
  split_template_not_found: 'Rateio padrão não encontrado. Atualize a página.',
  split_template_no_projects:
    'O rateio padrão por orçamento precisa de pelo menos duas obras ativas (em planejamento ou em andamento) com orçamento.',
  split_template_too_many_parts: 'O rateio padrão passaria de 50 partes. Use percentuais fixos.',
  split_template_amount_too_small:
    'Valor pequeno demais para este rateio padrão: alguma parte ficaria com R$ 0,00.',
  split_template_percent_sum: 'Os percentuais do rateio padrão precisam somar 100%.',
  split_template_name_taken: 'Já existe um rateio padrão com esse nome.',
  split_template_changed:
    'Este rateio padrão mudou desde que você o abriu. Nada foi salvo: confira e salve de novo.',
  // Importar planilha (issue 34): import_rows, undo_import_batch, save_import_mapping. A refused
  // row's text is "Linha N: <reason>" (importErrorMessage in src/lib/api/imports.ts).
  import_invalid:
    'Os dados da importação estão incompletos. Escolha o arquivo de novo e tente outra vez.',
  import_empty: 'Nenhuma linha escolhida para importar.',
  import_too_many_rows:
    'A planilha passa de 5.000 linhas. Divida o arquivo e importe uma parte de cada vez.',
  import_too_many_paid_rows:
    'A planilha tem mais de 1.000 contas já pagas. Importe as contas pagas em partes de até 1.000 linhas.',
  import_row_invalid: 'Uma linha da planilha não pôde ser importada. Nada foi salvo.',
  import_create_invalid: 'Um cadastro novo da planilha não pôde ser criado. Nada foi salvo.',
  import_batch_not_found: 'Importação não encontrada. Atualize a página.',
  import_batch_undone: 'Esta importação já foi desfeita.',
  import_batch_changed:
    'Esta importação não pode mais ser desfeita: algo dela foi alterado, pago, aprovado ou conciliado depois. Atualize a página.',
  import_batch_in_use:
    'Esta importação não pode ser desfeita: um cadastro criado por ela já é usado em outros lançamentos ou registros.',
  import_batch_readonly: 'A importação de um registro não pode ser alterada.',
  import_mapping_invalid: 'Não foi possível lembrar as colunas escolhidas.',
  import_description_required: 'Informe a descrição.',
  import_name_required: 'Informe o nome.',
  import_value_required: 'Preencha o campo obrigatório.',
  import_payment_incomplete:
    'Para uma conta já paga, informe a data de pagamento e a conta bancária.',
  import_category_type_invalid: 'Tipo de categoria inválido: use Despesa ou Receita.',
  import_project_status_invalid: 'Situação da obra inválida.',
  import_end_before_start: 'A data de término é anterior à data de início.',
  client_not_found: 'Cliente não encontrado.',
  // Derived from a 23503 (errorKey): what the user tried, not the English details.
  reference_in_use:
    'Não é possível excluir: há outros registros ligados a este. Remova ou altere-os antes.',
  reference_not_found:
    'Um dos itens escolhidos não existe mais (pode ter sido excluído). Atualize a página e escolha de novo.',
};

/**
 * Postgres SQLSTATEs and PostgREST codes the app can meet, in Portuguese. Raised keys and the
 * date/amount rules above map first; these are what is left (docs/contracts.md, "Error catalogue").
 * An unknown P0001 key stays "Ocorreu um erro inesperado." (SPEC §8).
 */
export const SQLSTATE_MESSAGES: Readonly<Record<string, string>> = {
  // Class 23: integrity constraints.
  '23502': 'Preencha todos os campos obrigatórios.',
  '23503':
    'Não foi possível salvar: este registro está ligado a outro que não existe mais ou ainda está em uso.',
  '23505': 'Este registro já existe. Atualize a página para ver a versão salva.',
  '23514': 'Algum valor informado não é permitido. Revise os campos e tente novamente.',
  '23P01': 'Este registro conflita com outro já salvo.',
  // Class 22: data the database cannot take.
  '22001': 'Um dos textos é longo demais. Encurte-o e tente novamente.',
  '22003': 'Um dos números informados está fora do limite permitido.',
  '22007': 'Data inválida. Informe uma data entre 01/01/2000 e 31/12/2100.',
  '22008': 'Data inválida. Informe uma data entre 01/01/2000 e 31/12/2100.',
  '22P02': 'Algum dado foi enviado em formato inválido. Atualize a página e tente novamente.',
  '22023': 'Algum valor informado é inválido. Revise os campos e tente novamente.',
  '22004': 'Preencha todos os campos obrigatórios.',
  '54000': 'Os dados enviados são grandes demais.',
  // Concurrency and load: a retry may succeed.
  '40001': 'Outra alteração aconteceu ao mesmo tempo. Tente novamente.',
  '40P01': 'Outra alteração aconteceu ao mesmo tempo. Tente novamente.',
  '55P03': 'Estes dados estão sendo alterados por outra pessoa. Tente novamente em instantes.',
  '53300': 'O servidor está ocupado. Tente novamente em instantes.',
  '53400': 'O servidor está ocupado. Tente novamente em instantes.',
  // An app older than the database it talks to.
  '42P01': 'O aplicativo foi atualizado. Recarregue a página para continuar.',
  '42703': 'O aplicativo foi atualizado. Recarregue a página para continuar.',
  '42883': 'O aplicativo foi atualizado. Recarregue a página para continuar.',
  PGRST200: 'O aplicativo foi atualizado. Recarregue a página para continuar.',
  PGRST202: 'O aplicativo foi atualizado. Recarregue a página para continuar.',
  PGRST204: 'O aplicativo foi atualizado. Recarregue a página para continuar.',
  // PostgREST.
  PGRST103: 'A lista mudou enquanto você navegava. Atualize a página.',
  PGRST116: 'Registro não encontrado. Ele pode ter sido excluído.',
  PGRST303: 'Sua sessão expirou. Faça login novamente.',
};

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

registerErrorMessages(DATABASE_KEY_MESSAGES);
const codeMessages = new Map(Object.entries(SQLSTATE_MESSAGES));

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

/**
 * The fields a text_too_long names: the DETAIL of the database's raise, or the column of a
 * `<table>_<column>_length` constraint (docs/contracts.md, "Text limits").
 */
export const TEXT_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Nome',
  full_name: 'Nome completo',
  description: 'Descrição',
  notes: 'Observações',
  document: 'CNPJ/CPF',
  email: 'Email',
  phone: 'Telefone',
  address: 'Endereço',
  city: 'Cidade',
  state: 'Estado',
  zip_code: 'CEP',
  // A device's Web Push subscription and a delivery's error (Preferências → Notificações).
  endpoint: 'Endereço do aparelho',
  p256dh: 'Chave do aparelho',
  auth: 'Chave do aparelho',
  user_agent: 'Navegador',
  last_error: 'Erro do envio',
  client_name: 'Cliente',
  supplier_name: 'Fornecedor',
  category: 'Categoria',
  website: 'Site',
  alias: 'Apelido',
  agency: 'Agência',
  account_number: 'Número da conta',
  role: 'Função',
  contact: 'Contato',
  stage: 'Etapa',
  search: 'Busca',
  file_name: 'Nome do arquivo',
  bank_id: 'Banco do extrato',
  account_ref: 'Conta do extrato',
  fitid: 'Identificador do lançamento no extrato',
  memo: 'Histórico do lançamento no extrato',
  trn_type: 'Tipo do lançamento no extrato',
  ignore_reason: 'Motivo',
  approval_reason: 'Motivo da recusa',
  original_name: 'Nome do arquivo',
  storage_path: 'Caminho do arquivo',
  sha256: 'Assinatura do arquivo',
  boleto_code: 'Código de barras',
  pix_code: 'Código PIX',
  nfe_key: 'Chave da NF-e',
  // Avisos are written by the database only; named here should one ever be refused.
  title: 'Título do aviso',
  body: 'Texto do aviso',
  link: 'Link do aviso',
  event_key: 'Evento do aviso',
};

const LENGTH_SUFFIX = '_length';

function constraintName(message: unknown): string {
  if (typeof message !== 'string') return '';
  return /constraint "([^"]+)"/.exec(message)?.[1] ?? '';
}

/** The column of a `<table>_<column>_length` constraint: the longest known field it ends with. */
function lengthConstraintField(constraint: string): string | null {
  if (!constraint.endsWith(LENGTH_SUFFIX)) return null;
  const stem = constraint.slice(0, -LENGTH_SUFFIX.length);
  let best: string | null = null;
  for (const name of Object.keys(TEXT_FIELD_LABELS)) {
    if (stem.endsWith(`_${name}`) && (best === null || name.length > best.length)) best = name;
  }
  return best;
}

function constraintKey(code: unknown, message: unknown): string | null {
  const text = typeof message === 'string' ? message : '';
  if (code === '23514') {
    const constraint = constraintName(text);
    if (constraint.endsWith('_range')) return 'invalid_date';
    if (constraint.endsWith(LENGTH_SUFFIX)) return 'text_too_long';
    if (MONEY_CHECK.test(constraint)) return 'invalid_amount';
    if (constraint === 'categories_dre_group_check') return 'dre_group_type_mismatch';
    if (constraint === 'accounts_payable_boleto_code_format') return 'invalid_boleto_code';
    if (constraint === 'accounts_payable_pix_code_format') return 'invalid_pix_code';
  }
  if (code === '22003' && /numeric field overflow/i.test(text)) return 'invalid_amount';
  // A date PostgREST could not even parse: "2026-13-45", "+infinityx", a year past 5874897.
  if (code === '22007' || code === '22008') return 'invalid_date';
  return null;
}

/**
 * A foreign-key violation says in English which rows are involved; the key says what happened:
 * deleting a row others still point at, or saving a row that points at one gone meanwhile.
 */
function foreignKeyKey(code: unknown, message: unknown, details: unknown): string | null {
  if (code !== '23503') return null;
  const text = `${typeof message === 'string' ? message : ''} ${typeof details === 'string' ? details : ''}`;
  if (/is still referenced|update or delete on table/i.test(text)) return 'reference_in_use';
  if (/is not present in table|insert or update on table/i.test(text)) return 'reference_not_found';
  return null;
}

/** The stable key of an error (our raise message, a GoTrue code or a Postgres code), if any. */
export function errorKey(error: unknown): string | null {
  const message = field(error, 'message');
  const code = field(error, 'code');
  if (code === 'P0001' && typeof message === 'string') return message;
  if (code === '23505') {
    const text = `${String(message)} ${String(field(error, 'details'))}`;
    // Before the categories' test: a member's name in the details may contain anything.
    if (text.includes('user_profiles_company_name_key')) return 'member_name_taken';
    if (text.includes('split_templates_name_key')) return 'split_template_name_taken';
    if (/categor/i.test(text)) return 'category_name_taken';
    // Two admins inviting the same address, or one accepting twice, at the same moment.
    if (text.includes('company_invitations_pending_email_key')) return 'invitation_pending';
    if (text.includes('user_profiles_user_id_company_id_key')) return 'already_member';
    if (text.includes('accounts_payable_boleto_code_key')) return 'boleto_already_registered';
  }
  const referenceKey = foreignKeyKey(code, message, field(error, 'details'));
  if (referenceKey) return referenceKey;
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
 * "O campo Descrição aceita no máximo 200 caracteres.": a function's raise names the field
 * (DETAIL) and the limit (HINT); a table's `<table>_<column>_length` check names the column only.
 */
function textTooLongMessage(error: unknown): string | null {
  const details = field(error, 'details');
  const hint = field(error, 'hint');
  const name =
    field(error, 'code') === 'P0001'
      ? typeof details === 'string'
        ? details
        : null
      : lengthConstraintField(constraintName(field(error, 'message')));
  const label = name ? TEXT_FIELD_LABELS[name] : undefined;
  if (!label) return null;
  const max = typeof hint === 'string' && /^\d+$/.test(hint) ? Number(hint) : null;
  return max === null
    ? `O campo ${label} passou do tamanho máximo. Encurte o texto e tente novamente.`
    : `O campo ${label} aceita no máximo ${max.toLocaleString('pt-BR')} caracteres.`;
}

/**
 * The Portuguese text for an error, most specific first: the registered text of its key (a raised
 * key, a GoTrue code, a key derived from a constraint such as invalid_date or reference_in_use);
 * else the caller's `fallback` (the spec's text for the operation, e.g. "Erro ao cadastrar
 * categoria. Tente novamente."); else the generic text of its SQLSTATE/PostgREST code
 * (SQLSTATE_MESSAGES); else "Ocorreu um erro inesperado.". The error's own (English) message or
 * details are never shown. Network failures give the unexpected text, or the "Sem conexão" one
 * when the device knows it is offline.
 */
export function getErrorMessage(error: unknown, fallback?: string): string {
  if (isNetworkError(error)) return deviceOffline() ? OFFLINE_MESSAGE : UNEXPECTED_ERROR_MESSAGE;
  const key = errorKey(error);
  if (key === 'text_too_long') {
    const text = textTooLongMessage(error);
    if (text) return text;
  }
  const specific = key ? messages.get(key) : undefined;
  if (specific !== undefined) return specific;
  if (fallback !== undefined) return fallback;
  return (key ? codeMessages.get(key) : undefined) ?? UNEXPECTED_ERROR_MESSAGE;
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
