// Every destination of the app's navigation, declared once: the bottom navigation, the desktop
// sidebar and Mais pick from here, so a path or icon cannot differ between them. The bottom
// navigation is in the first screen's chunk, so this module holds only its five destinations and
// the paths of Mais's screens; their icons and labels are in more-links.ts (sidebar and Mais).
import {
  BarChart3,
  CircleArrowDown,
  CircleArrowUp,
  House,
  Menu,
  type LucideIcon,
} from 'lucide-react';
import { roleCan, type Role } from '@/lib/roles';

export interface NavDestination {
  label: string;
  to: string;
  icon: LucideIcon;
}

// The screens Mais lists (more-links.ts), each path written once.
export const PATHS = {
  contasPagar: '/contas-pagar',
  contasReceber: '/contas-receber',
  contasBancarias: '/contas-bancarias',
  obras: '/obras',
  fornecedores: '/fornecedores',
  clientes: '/clientes',
  categorias: '/categorias',
  preferencias: '/preferencias',
  empresa: '/empresa',
  lancar: '/lancar',
  aprovacoes: '/aprovacoes',
  exportar: '/exportar',
  importar: '/importar',
} as const;

export const resumo: NavDestination = { label: 'Resumo', to: '/', icon: House };
export const pagar: NavDestination = { label: 'Pagar', to: '/pagar', icon: CircleArrowUp };
export const relatorio: NavDestination = { label: 'Relatório', to: '/relatorio', icon: BarChart3 };
export const receber: NavDestination = { label: 'Receber', to: '/receber', icon: CircleArrowDown };
export const mais: NavDestination = { label: 'Mais', to: '/mais', icon: Menu };
/** The screens listed in Mais (more-links.ts): below them, Mais is the current bottom item. */
export const MORE_PATHS: string[] = Object.values(PATHS);

/**
 * Destinations a role has no use for (the database refuses them anyway): an obra member records
 * payables of its obras and follows them, and sees nothing of the company's money; leitura reads
 * everything but has no screen that only writes.
 */
const HIDDEN: Record<Role, readonly string[]> = {
  admin: [],
  financeiro: ['/empresa', '/atividade'],
  obra: [
    PATHS.aprovacoes,
    '/relatorio',
    '/receber',
    '/movimentacoes',
    PATHS.contasPagar,
    PATHS.contasReceber,
    PATHS.contasBancarias,
    PATHS.fornecedores,
    PATHS.clientes,
    PATHS.categorias,
    PATHS.empresa,
    PATHS.exportar,
    PATHS.importar,
    '/atividade',
  ],
  leitura: [
    '/pagar',
    '/receber',
    PATHS.lancar,
    PATHS.aprovacoes,
    PATHS.importar,
    PATHS.empresa,
    '/atividade',
  ],
};

export function navAllowed(role: Role, to: string): boolean {
  return !HIDDEN[role].includes(to);
}

/** Admin screens that tell a non-admin themselves ("Apenas administradores", or home). */
const SAYS_ITSELF: readonly string[] = [PATHS.empresa, '/atividade'];

/** Screens that only create a register: of no use to a role that cannot write. */
const CREATE_PATHS: readonly string[] = [
  '/obras/nova',
  '/fornecedores/novo',
  '/categorias/nova',
  '/contas-bancarias/nova',
];

/**
 * Whether a screen opens for the role when its address is typed or bookmarked: what the navigation
 * hides and the create-only screens of a role that cannot write show a refusal instead of a form
 * whose save the database would refuse.
 */
export function routeAllowed(role: Role, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (SAYS_ITSELF.includes(path)) return true;
  if (!navAllowed(role, path)) return false;
  return roleCan(role, 'write') || !CREATE_PATHS.includes(path);
}
