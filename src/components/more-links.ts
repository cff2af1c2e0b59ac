import {
  Building2,
  ClipboardCheck,
  CircleArrowDown,
  CircleArrowUp,
  FileSpreadsheet,
  FolderArchive,
  HardHat,
  Landmark,
  List,
  PenLine,
  Settings,
  Tags,
  Truck,
  Users,
} from 'lucide-react';
import { PATHS, type NavDestination } from '@/components/nav-items';

// The destinations beyond the bottom navigation's five, for the sidebar and Mais (both lazy).
export const movimentacoes: NavDestination = {
  label: 'Movimentações',
  to: '/movimentacoes',
  icon: List,
};
export const contasPagar: NavDestination = {
  label: 'Contas a Pagar',
  to: PATHS.contasPagar,
  icon: CircleArrowUp,
};
export const contasReceber: NavDestination = {
  label: 'Contas a Receber',
  to: PATHS.contasReceber,
  icon: CircleArrowDown,
};
export const contasBancarias: NavDestination = {
  label: 'Contas Bancárias',
  to: PATHS.contasBancarias,
  icon: Landmark,
};
export const obras: NavDestination = { label: 'Obras', to: PATHS.obras, icon: HardHat };
export const fornecedores: NavDestination = {
  label: 'Fornecedores',
  to: PATHS.fornecedores,
  icon: Truck,
};
export const clientes: NavDestination = { label: 'Clientes', to: PATHS.clientes, icon: Users };
export const categorias: NavDestination = { label: 'Categorias', to: PATHS.categorias, icon: Tags };
export const preferencias: NavDestination = {
  label: 'Preferências',
  to: PATHS.preferencias,
  icon: Settings,
};
/** The company's own data (admins only). */
export const empresa: NavDestination = { label: 'Empresa', to: PATHS.empresa, icon: Building2 };
export const lancar: NavDestination = { label: 'Lançar', to: PATHS.lancar, icon: PenLine };
/** Site expenses awaiting a decision (admin, financeiro); its link carries their count. */
export const aprovacoes: NavDestination = {
  label: 'Aprovações',
  to: PATHS.aprovacoes,
  icon: ClipboardCheck,
};

/** The accountant's month package (Relatório links here too). */
export const exportar: NavDestination = {
  label: 'Exportar',
  to: PATHS.exportar,
  icon: FolderArchive,
};

/** Importar planilha (issue 34): registers and open bills from a spreadsheet (admin, financeiro). */
export const importar: NavDestination = {
  label: 'Importar planilha',
  to: PATHS.importar,
  icon: FileSpreadsheet,
};

export interface MoreLink extends NavDestination {
  tone?: string;
}

/**
 * SPEC §2 "Mais", plus Clientes and Lançar (reachable from nowhere else): the destinations of
 * MORE_PATHS, in Mais's order and words.
 */
export const MORE_LINKS: MoreLink[] = [
  aprovacoes,
  { ...obras, label: 'Obras & Projetos' },
  fornecedores,
  clientes,
  categorias,
  { ...contasPagar, label: 'Todas as contas Pagar', tone: 'text-expense' },
  { ...contasReceber, label: 'Todas as contas Receber', tone: 'text-income' },
  contasBancarias,
  exportar,
  importar,
  lancar,
  preferencias,
];
