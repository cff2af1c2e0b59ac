// What "Importar planilha" can bring in, and the columns it looks for. Field keys are the
// contract with import_rows (docs/contracts.md); the aliases are the headers Brazilian
// spreadsheets and other systems' exports (Conta Azul, Omie, Granatum, bank sheets) use, compared
// without accents, case, punctuation or extra spaces (normalizeHeader).

import type { ImportKind } from '@/lib/api/imports';

// The union is the API module's (import_rows' contract); only its type is imported, so the
// worker that runs this file does not take the API client with it.
export type { ImportKind };

export const IMPORT_KINDS: readonly ImportKind[] = [
  'fornecedores',
  'clientes',
  'categorias',
  'obras',
  'contas_pagar',
  'contas_receber',
];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  fornecedores: 'Fornecedores',
  clientes: 'Clientes',
  categorias: 'Categorias',
  obras: 'Obras',
  contas_pagar: 'Contas a pagar',
  contas_receber: 'Contas a receber',
};

export function isImportKind(value: string | null | undefined): value is ImportKind {
  return IMPORT_KINDS.includes(value as ImportKind);
}

export interface ImportField {
  key: string;
  /** The field's name on the Colunas step. */
  label: string;
  required: boolean;
  /** Headers that mean this field; the first is the usual one. */
  aliases: string[];
}

/** Data rows a single import takes (import_rows refuses more: import_too_many_rows). */
export const MAX_IMPORT_ROWS = 5000;
/** Rows above the header a sheet may have (titles, a company name, a period). */
export const MAX_HEADER_SEARCH_ROWS = 20;
/** A bigger file is refused before it is read (Excel's own 5 000-row sheets are far smaller). */
export const MAX_IMPORT_FILE_BYTES = 20 * 1024 * 1024;

// Limits of the database's checks (supabase/schema/*.sql), which are the forms' zod limits too.
export const TEXT_LIMITS = {
  name: 200,
  categoryName: 100,
  description: 200,
  email: 320,
  phone: 40,
  address: 300,
  notes: 2000,
  projectDescription: 2000,
  categoryDescription: 500,
  supplierCategory: 100,
  website: 300,
} as const;

const documentAliases = [
  'CNPJ/CPF',
  'CPF/CNPJ',
  'CNPJ',
  'CPF',
  'Documento',
  'CNPJ ou CPF',
  'CPF ou CNPJ',
  'Nº documento',
  'Número do documento',
  'Inscrição',
  'CNPJ/CPF do fornecedor',
  'CNPJ/CPF do cliente',
];
const emailAliases = ['E-mail', 'Email', 'Correio eletrônico', 'E-mail principal'];
const phoneAliases = [
  'Telefone',
  'Fone',
  'Celular',
  'Telefone principal',
  'Tel',
  'WhatsApp',
  'Contato telefone',
];
const addressAliases = ['Endereço', 'Logradouro', 'Endereço completo', 'Local'];
const notesAliases = ['Observações', 'Observação', 'Obs', 'Notas', 'Anotações', 'Comentários'];

const registerFields = (party: 'Fornecedor' | 'Cliente'): ImportField[] => [
  {
    key: 'name',
    label: 'Nome / Razão social',
    required: true,
    aliases: [
      'Razão social',
      'Nome',
      party,
      `Nome do ${party.toLowerCase()}`,
      'Nome fantasia',
      'Nome/Razão social',
      'Razão social/Nome',
      'Empresa',
    ],
  },
  { key: 'document', label: 'CNPJ/CPF', required: false, aliases: documentAliases },
  { key: 'email', label: 'E-mail', required: false, aliases: emailAliases },
  { key: 'phone', label: 'Telefone', required: false, aliases: phoneAliases },
  { key: 'address', label: 'Endereço', required: false, aliases: addressAliases },
  { key: 'notes', label: 'Observações', required: false, aliases: notesAliases },
];

const entryFields = (party: 'supplier' | 'client'): ImportField[] => [
  party === 'supplier'
    ? {
        key: 'supplier',
        label: 'Fornecedor',
        required: false,
        aliases: [
          'Fornecedor',
          'Fornecedor/Cliente',
          'Nome do fornecedor',
          'Razão social',
          'Favorecido',
          'Credor',
          'Beneficiário',
          'Cliente/Fornecedor',
          'Fornecedor (nome ou CNPJ)',
          'CNPJ do fornecedor',
        ],
      }
    : {
        key: 'client',
        label: 'Cliente',
        required: false,
        aliases: [
          'Cliente',
          'Cliente/Fornecedor',
          'Nome do cliente',
          'Razão social',
          'Pagador',
          'Sacado',
          'Devedor',
          'Fornecedor/Cliente',
          'Cliente (nome ou CNPJ)',
          'CNPJ do cliente',
        ],
      },
  {
    key: 'description',
    label: 'Descrição',
    required: true,
    aliases: [
      'Descrição',
      'Histórico',
      'Descrição do lançamento',
      'Descrição da conta',
      'Referência',
      'Título',
      'Documento',
      'Detalhes',
    ],
  },
  {
    key: 'amount',
    label: 'Valor',
    required: true,
    aliases: [
      'Valor',
      'Valor (R$)',
      'Valor original',
      'Valor do título',
      'Valor da parcela',
      'Valor total',
      'Valor bruto',
      'Valor a pagar',
      'Valor a receber',
      'Valor da conta',
      'Valor líquido',
    ],
  },
  {
    key: 'due_date',
    label: 'Vencimento',
    required: true,
    aliases: [
      'Vencimento',
      'Data de vencimento',
      'Data vencimento',
      'Dt. vencimento',
      'Dt vencimento',
      'Venc.',
      'Data',
      'Data prevista',
    ],
  },
  {
    key: 'project',
    label: 'Obra',
    required: false,
    aliases: ['Obra', 'Projeto', 'Centro de custo', 'Nome da obra', 'Empreendimento'],
  },
  {
    key: 'category',
    label: 'Categoria',
    required: false,
    aliases: [
      'Categoria',
      'Categoria financeira',
      'Plano de contas',
      'Classificação',
      'Natureza',
      'Conta contábil',
      'Categoria 1',
    ],
  },
  { key: 'notes', label: 'Observações', required: false, aliases: notesAliases },
  {
    key: 'payment_date',
    label: party === 'supplier' ? 'Data de pagamento' : 'Data de recebimento',
    required: false,
    aliases: [
      'Data de pagamento',
      'Data pagamento',
      'Dt. pagamento',
      'Pagamento',
      'Data de recebimento',
      'Data recebimento',
      'Recebimento',
      'Data da baixa',
      'Data de baixa',
      'Baixa',
      'Data de quitação',
      'Pago em',
      'Recebido em',
      'Data de liquidação',
    ],
  },
  {
    key: 'bank_account',
    label: 'Conta bancária',
    required: false,
    aliases: [
      'Conta bancária',
      'Conta',
      'Conta financeira',
      'Banco',
      'Conta corrente',
      'Conta de pagamento',
      'Conta de recebimento',
      'Caixa/Banco',
    ],
  },
];

export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  // The supplier's type (Materiais, Estrutura, …) is not imported: import_rows takes the
  // contract's register columns, and the table's default applies (the form asks it later).
  fornecedores: registerFields('Fornecedor'),
  clientes: registerFields('Cliente'),
  categorias: [
    {
      key: 'name',
      label: 'Nome',
      required: true,
      aliases: ['Nome', 'Categoria', 'Descrição', 'Nome da categoria', 'Categoria financeira'],
    },
    {
      key: 'type',
      label: 'Tipo (Despesa ou Receita)',
      required: true,
      aliases: ['Tipo', 'Natureza', 'Tipo da categoria', 'Receita/Despesa', 'Despesa/Receita'],
    },
    {
      key: 'description',
      label: 'Descrição',
      required: false,
      aliases: ['Descrição', 'Detalhes', 'Observações'],
    },
  ],
  obras: [
    {
      key: 'name',
      label: 'Nome da obra',
      required: true,
      aliases: ['Obra', 'Nome', 'Nome da obra', 'Projeto', 'Empreendimento', 'Centro de custo'],
    },
    {
      key: 'client',
      label: 'Cliente',
      required: false,
      aliases: ['Cliente', 'Nome do cliente', 'Contratante', 'Proprietário'],
    },
    {
      key: 'address',
      label: 'Endereço',
      required: false,
      aliases: addressAliases,
    },
    {
      key: 'budget',
      label: 'Orçamento',
      required: false,
      aliases: ['Orçamento', 'Valor orçado', 'Orçado', 'Valor do contrato', 'Valor', 'Valor total'],
    },
    {
      key: 'start_date',
      label: 'Data de início',
      required: false,
      aliases: ['Data de início', 'Início', 'Data início', 'Dt. início', 'Começo'],
    },
    {
      key: 'end_date',
      label: 'Previsão de término',
      required: false,
      aliases: [
        'Previsão de término',
        'Término',
        'Data de término',
        'Data fim',
        'Fim',
        'Data de entrega',
        'Previsão de entrega',
      ],
    },
    {
      key: 'status',
      label: 'Situação',
      required: false,
      aliases: ['Situação', 'Status', 'Estado', 'Fase'],
    },
    {
      key: 'description',
      label: 'Descrição',
      required: false,
      aliases: ['Descrição', 'Observações', 'Detalhes'],
    },
  ],
  contas_pagar: entryFields('supplier'),
  contas_receber: entryFields('client'),
};

/** Which register an entry kind's party is. */
export function partyFieldOf(kind: ImportKind): 'supplier' | 'client' | null {
  if (kind === 'contas_pagar') return 'supplier';
  if (kind === 'contas_receber') return 'client';
  return null;
}

export function isEntryKind(kind: ImportKind): kind is 'contas_pagar' | 'contas_receber' {
  return kind === 'contas_pagar' || kind === 'contas_receber';
}
