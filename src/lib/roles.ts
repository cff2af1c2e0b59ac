// What each role of a company may use (the database decides; the UI only hides what a role cannot
// use: docs/contracts.md "Roles"). Small on purpose: the bottom navigation imports it on first load.
import { useCurrentCompany } from '@/lib/current-company';

export const ROLES = ['admin', 'financeiro', 'obra', 'leitura'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

const ACTIONS = {
  /** Usuários: invite, change roles and obras, deactivate. */
  manageMembers: ['admin'],
  /** Empresa. */
  editCompany: ['admin'],
  /** Atividade (the audit log). */
  viewActivity: ['admin'],
  /** Money, registers and reconciliation: Novo / Lançar / Dar Baixa / Editar / Excluir. */
  write: ['admin', 'financeiro'],
  /** A payable of an obra (an obra member: for its own obras, awaiting approval). */
  createPayable: ['admin', 'financeiro', 'obra'],
  /** An entry of no obra ("Geral"), a receivable, or one settled as it is recorded. */
  recordCompanyEntry: ['admin', 'financeiro'],
  /** The company's figures: bank accounts, balances, reports, Movimentações, receivables, clients. */
  viewCompanyFigures: ['admin', 'financeiro', 'leitura'],
  /** A supplier's contacts, address, notes and a person's CPF (supplier_details; issue 31). */
  viewSupplierDetails: ['admin', 'financeiro', 'leitura'],
  /** Aprovações of site expenses. */
  approve: ['admin', 'financeiro'],
  /** Documentos: add and remove files (an obra member: those of payables of its obras, the only ones it sees). */
  attachDocuments: ['admin', 'financeiro', 'obra'],
} as const satisfies Record<string, readonly Role[]>;
export type RoleAction = keyof typeof ACTIONS;

export function roleCan(role: Role, action: RoleAction): boolean {
  return (ACTIONS[action] as readonly Role[]).includes(role);
}

/** What an entry needs to say who may change it (Editar / Excluir). */
export interface EntryOwnership {
  createdBy: string | null;
  approvalStatus: string;
}

/**
 * Editar / Excluir of an entry: admin and financeiro any; an obra member only what it recorded
 * itself while not approved (the database's rule: once approved it is the office's bill).
 */
export function roleCanChangeEntry(role: Role, entry: EntryOwnership, userId: string): boolean {
  if (roleCan(role, 'write')) return true;
  return role === 'obra' && entry.createdBy === userId && entry.approvalStatus !== 'approved';
}

/** The current member's role in the company being worked in. */
export function useRole(): Role {
  return useCurrentCompany().role;
}

/** `const can = useCan(); can('write')`. */
export function useCan(): (action: RoleAction) => boolean {
  const role = useRole();
  return (action) => roleCan(role, action);
}

/** `const canChange = useCanChangeEntry(); canChange(entry)`. */
export function useCanChangeEntry(): (entry: EntryOwnership) => boolean {
  const { role, userId } = useCurrentCompany();
  return (entry) => roleCanChangeEntry(role, entry, userId);
}
