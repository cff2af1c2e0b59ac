import { Link, useLocation } from 'react-router-dom';
import * as NAV from '@/components/nav-items';
import type { NavDestination } from '@/components/nav-items';
import { useRole } from '@/lib/roles';
import { cn } from '@/lib/utils';

export interface NavItem extends NavDestination {
  /** Paths that are this item's own page (aria-current="page"). */
  pages: string[];
  /** Path prefixes of screens reached from this item (marked, aria-current="true"). */
  sections?: string[];
  tone?: 'expense' | 'income';
}

/** SPEC §2: five items in this order; Pagar red (expense), Receber green (income). */
export const NAV_ITEMS: NavItem[] = [
  { ...NAV.resumo, pages: ['/', '/resumo'], sections: ['/ultimos-lancamentos'] },
  { ...NAV.pagar, pages: ['/pagar'], tone: 'expense' },
  { ...NAV.relatorio, pages: ['/relatorio', '/dashboard'], sections: ['/movimentacoes'] },
  { ...NAV.receber, pages: ['/receber'], tone: 'income' },
  { ...NAV.mais, pages: ['/mais'], sections: NAV.MORE_PATHS },
];

/** aria-current of a navigation link: "page" on its own page, "true" on a screen below it. */
export function currentState(
  item: Pick<NavItem, 'pages' | 'sections'>,
  pathname: string,
): 'page' | 'true' | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (item.pages.includes(path)) return 'page';
  if (item.sections?.some((s) => path === s || path.startsWith(`${s}/`))) return 'true';
  return undefined;
}

export const toneClasses = {
  expense: { idle: 'text-expense', active: 'bg-expense/15 text-expense' },
  income: { idle: 'text-income', active: 'bg-income/15 text-income' },
  neutral: { idle: 'text-muted-foreground', active: 'bg-primary/10 text-primary' },
} as const;

const COLUMNS = ['', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-4', 'grid-cols-5'];

export function BottomNav() {
  const { pathname } = useLocation();
  const role = useRole();
  const items = NAV_ITEMS.filter((item) => NAV.navAllowed(role, item.to));

  return (
    <nav
      aria-label="Navegação principal"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background pb-safe-bottom"
    >
      <ul className={cn('mx-auto grid max-w-md', COLUMNS[items.length])}>
        {items.map((item) => {
          const current = currentState(item, pathname);
          const tone = toneClasses[item.tone ?? 'neutral'];
          const Icon = item.icon;
          return (
            <li key={item.to} className="flex">
              <Link
                to={item.to}
                aria-current={current}
                className={cn(
                  'm-1 flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  current ? tone.active : tone.idle,
                  current && 'font-semibold',
                  !current && !item.tone && 'hover:text-foreground',
                )}
              >
                <Icon className="size-6" aria-hidden="true" strokeWidth={current ? 2.4 : 2} />
                <span>{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
