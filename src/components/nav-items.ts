// Every destination of the app's navigation, declared once: the bottom navigation, the desktop
// sidebar and Mais pick from here, so a path or icon cannot differ between them. The bottom
// navigation and the sidebar are in the first screen's chunk: icons only, nothing heavy.
import {
  BarChart3,
  CircleArrowDown,
  CircleArrowUp,
  HardHat,
  House,
  Landmark,
  List,
  Menu,
  PenLine,
  Settings,
  Tags,
  Truck,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavDestination {
  label: string;
  to: string;
  icon: LucideIcon;
}

export const NAV = {
  resumo: { label: 'Resumo', to: '/', icon: House },
  pagar: { label: 'Pagar', to: '/pagar', icon: CircleArrowUp },
  relatorio: { label: 'Relatório', to: '/relatorio', icon: BarChart3 },
  receber: { label: 'Receber', to: '/receber', icon: CircleArrowDown },
  mais: { label: 'Mais', to: '/mais', icon: Menu },
  movimentacoes: { label: 'Movimentações', to: '/movimentacoes', icon: List },
  contasPagar: { label: 'Contas a Pagar', to: '/contas-pagar', icon: CircleArrowUp },
  contasReceber: { label: 'Contas a Receber', to: '/contas-receber', icon: CircleArrowDown },
  contasBancarias: { label: 'Contas Bancárias', to: '/contas-bancarias', icon: Landmark },
  obras: { label: 'Obras', to: '/obras', icon: HardHat },
  fornecedores: { label: 'Fornecedores', to: '/fornecedores', icon: Truck },
  clientes: { label: 'Clientes', to: '/clientes', icon: Users },
  categorias: { label: 'Categorias', to: '/categorias', icon: Tags },
  preferencias: { label: 'Preferências', to: '/preferencias', icon: Settings },
  lancar: { label: 'Lançar', to: '/lancar', icon: PenLine },
} as const satisfies Record<string, NavDestination>;

export interface MoreLink extends NavDestination {
  tone?: string;
}

/**
 * SPEC §2 "Mais", plus Clientes and Lançar (reachable from nowhere else). The screens below these
 * mark Mais as current in the bottom navigation.
 */
export const MORE_LINKS: MoreLink[] = [
  { ...NAV.obras, label: 'Obras & Projetos' },
  NAV.fornecedores,
  NAV.clientes,
  NAV.categorias,
  { ...NAV.contasPagar, label: 'Todas as contas Pagar', tone: 'text-expense' },
  { ...NAV.contasReceber, label: 'Todas as contas Receber', tone: 'text-income' },
  NAV.contasBancarias,
  NAV.lancar,
  NAV.preferencias,
];
