// Portuguese labels of the values the database stores (check constraints in supabase/migrations).

export const bankAccountTypeLabels = {
  checking: 'Conta Corrente',
  savings: 'Conta Poupança',
  investment: 'Conta de Investimentos',
  credit_card: 'Cartão de Crédito',
} as const;
export type BankAccountType = keyof typeof bankAccountTypeLabels;

export const supplierTypeLabels = {
  materiais: 'Materiais',
  estrutura: 'Estrutura',
  mao_de_obra: 'Mão de Obra',
  instalacoes: 'Instalações',
  acabamento: 'Acabamento',
  servicos: 'Serviços',
} as const;
export type SupplierType = keyof typeof supplierTypeLabels;

export const paymentMethodLabels = {
  transfer: 'Transferência',
  pix: 'PIX',
  card: 'Cartão',
  cash: 'Dinheiro',
} as const;
export type PaymentMethod = keyof typeof paymentMethodLabels;

export const projectStatusLabels = {
  planning: 'Planejamento',
  in_progress: 'Em Andamento',
  paused: 'Pausada',
  completed: 'Concluída',
  cancelled: 'Cancelada',
} as const;

export const priorityLabels = { low: 'Baixa', medium: 'Média', high: 'Alta' } as const;

export const supplierOrderStatusLabels = {
  pending: 'Pendente',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
} as const;

export const productUnitLabels = {
  saco: 'Saco',
  m3: 'm³',
  m2: 'm²',
  kg: 'kg',
  ton: 'Tonelada',
  peca: 'Peça',
  metro: 'Metro',
  litro: 'Litro',
  unidade: 'Unidade',
} as const;

export const productFrequencyLabels = {
  diario: 'Diário',
  semanal: 'Semanal',
  quinzenal: 'Quinzenal',
  mensal: 'Mensal',
  trimestral: 'Trimestral',
  eventual: 'Eventual',
} as const;

export const productCategories = [
  'Cimento',
  'Agregados',
  'Cal',
  'Ferro e Aço',
  'Madeira',
  'Cerâmica',
  'Elétrico',
  'Hidráulico',
  'Tintas',
  'Ferramentas',
  'Diversos',
] as const;

export const teamRoles = [
  'Mestre de Obras',
  'Pedreiro',
  'Eletricista',
  'Encanador',
  'Pintor',
  'Carpinteiro',
  'Servente',
  'Engenheiro',
  'Arquiteto',
  'Outro',
] as const;

/** The roles of a company's members (user_profiles.role, company_invitations.role). */
export const roleLabels = {
  admin: 'Administrador',
  financeiro: 'Financeiro',
  obra: 'Engenheiro / Encarregado',
  leitura: 'Contador / Consulta',
} as const;
/** For the history: rows written before the roles still say 'member'. */
export const memberRoleLabels = { ...roleLabels, member: 'Membro' } as const;
