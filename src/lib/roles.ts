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
  /** The company's figures: bank accounts, balances, reports, Movimentações, receivables, clients. */
  viewCompanyFigures: ['admin', 'financeiro', 'leitura'],
  /** Aprovações of site expenses. */
  approve: ['admin', 'financeiro'],
  /** Documentos: add and remove files (an obra member: those of payables of its obras, the only ones it sees). */
  attachDocuments: ['admin', 'financeiro', 'obra'],
} as const satisfies Record<string, readonly Role[]>;
export type RoleAction = keyof typeof ACTIONS;

export function roleCan(role: Role, action: RoleAction): boolean {
  return (ACTIONS[action] as readonly Role[]).includes(role);
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
