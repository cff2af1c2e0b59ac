import { ChevronDown, LogOut, PenLine, Plus } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { currentState, NAV_ITEMS, toneClasses, type NavItem } from '@/app/bottom-nav';
import { ApprovalCountBadge } from '@/components/approval-count-badge';
import { LazyNewCompanyDialog } from '@/components/lazy-new-company-dialog';
import { NoticeBell } from '@/components/notice-bell';
import * as NAV from '@/components/more-links';
import { mais, navAllowed, relatorio } from '@/components/nav-items';
import { useCompanySwitcher } from '@/lib/company-switcher';
import { useCurrentCompany } from '@/lib/current-company';
import { roleLabels } from '@/lib/labels';
import { useRole } from '@/lib/roles';
import { useSignOut } from '@/lib/sign-out';
import { cn } from '@/lib/utils';

interface NavGroup {
  label?: string;
  items: NavItem[];
}

const sectionOf = (to: string): Pick<NavItem, 'pages' | 'sections'> => ({
  pages: [to],
  sections: [to],
});

/**
 * The bottom navigation's destinations and the entries of Mais, in one list: the office desktop
 * has the room to show them all at once. Lançar is the button above it.
 */
const GROUPS: NavGroup[] = [
  {
    items: [
      ...NAV_ITEMS.filter((item) => item.to !== mais.to).map((item) =>
        // Movimentações has its own link here, so it is no longer a screen below Relatório.
        item.to === relatorio.to ? { ...item, sections: undefined } : item,
      ),
      { ...NAV.movimentacoes, ...sectionOf(NAV.movimentacoes.to) },
      { ...NAV.exportar, ...sectionOf(NAV.exportar.to) },
    ],
  },
  {
    label: 'Contas',
    items: [
      { ...NAV.contasPagar, pages: [NAV.contasPagar.to] },
      { ...NAV.aprovacoes, pages: [NAV.aprovacoes.to] },
      { ...NAV.contasReceber, pages: [NAV.contasReceber.to] },
      { ...NAV.contasBancarias, ...sectionOf(NAV.contasBancarias.to) },
    ],
  },
  {
    label: 'Cadastros',
    items: [
      { ...NAV.obras, ...sectionOf(NAV.obras.to) },
      { ...NAV.fornecedores, ...sectionOf(NAV.fornecedores.to) },
      { ...NAV.clientes, ...sectionOf(NAV.clientes.to) },
      { ...NAV.categorias, ...sectionOf(NAV.categorias.to) },
      { ...NAV.importar, pages: [NAV.importar.to] },
    ],
  },
  {
    items: [
      { ...NAV.preferencias, pages: [NAV.preferencias.to] },
      { ...mais, pages: [mais.to] },
    ],
  },
];

const linkBase =
  'flex min-h-9 items-center gap-3 rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function SidebarLink({ item, pathname }: { item: NavItem; pathname: string }) {
  const current = currentState(item, pathname);
  const tone = toneClasses[item.tone ?? 'neutral'];
  const Icon = item.icon;
  return (
    <Link
      to={item.to}
      aria-current={current}
      className={cn(
        linkBase,
        current ? cn(tone.active, 'font-semibold') : 'text-foreground/80 hover:bg-accent',
        !current && item.tone && tone.idle,
      )}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" strokeWidth={current ? 2.4 : 2} />
      {item.label}
      {item.to === NAV.aprovacoes.to ? <ApprovalCountBadge className="ml-auto" /> : null}
    </Link>
  );
}

function NewCompanyButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onPointerEnter={LazyNewCompanyDialog.preload}
        onFocus={LazyNewCompanyDialog.preload}
        onClick={() => setOpen(true)}
        className="flex min-h-9 items-center gap-2 rounded-md px-2 text-sm font-medium text-primary transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Plus className="size-4" aria-hidden="true" />
        Nova empresa
      </button>
      <LazyNewCompanyDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function CompanyBlock() {
  return (
    <div className="grid gap-1">
      <CompanyChoice />
      <NewCompanyButton />
    </div>
  );
}

function CompanyChoice() {
  const company = useCurrentCompany();
  const { companies, switchCompany } = useCompanySwitcher();
  const id = useId();

  if (companies.length > 1) {
    return (
      <div className="grid gap-1">
        <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
          Empresa
        </label>
        {/* A native select: Radix Select would add its code to every first load. */}
        <select
          id={id}
          value={company.id}
          onChange={(event) => switchCompany(event.target.value)}
          className="min-h-10 w-full rounded-md border border-input bg-background px-2 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div className="grid gap-0.5">
      <span className="text-xs font-medium text-muted-foreground">Empresa</span>
      <span className="break-words text-sm font-semibold">{company.name}</span>
    </div>
  );
}

function UserMenu() {
  const company = useCurrentCompany();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const signOut = useSignOut({
    onSuccess: () =>
      toast.success('Logout realizado com sucesso', {
        description: 'Você foi desconectado do sistema.',
      }),
    onError: (error) => toastError('Erro ao fazer logout', error),
  });
  const name = company.fullName.trim() || company.email;

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className="grid gap-1">
      <button
        type="button"
        onKeyDown={closeOnEscape}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 w-full items-center gap-2 rounded-md px-2 py-1.5 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
          aria-hidden="true"
        >
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block break-words text-sm font-medium">{name}</span>
          <span className="block text-xs text-muted-foreground">{roleLabels[company.role]}</span>
        </span>
        <ChevronDown
          className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
        <span className="sr-only">Menu do usuário</span>
      </button>
      {open ? (
        <div id={panelId} className="grid gap-1 rounded-md border bg-background p-1">
          <p className="break-all px-2 py-1 text-xs text-muted-foreground">{company.email}</p>
          <button
            type="button"
            disabled={signOut.isPending}
            onKeyDown={closeOnEscape}
            onClick={() => signOut.mutate()}
            className="flex min-h-10 items-center gap-2 rounded-md px-2 text-sm font-medium text-destructive transition-colors hover:bg-destructive/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
          >
            <LogOut className="size-4" aria-hidden="true" />
            {signOut.isPending ? 'Saindo...' : 'Sair'}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The office desktop's navigation (from 1024 px), in place of the bottom navigation. */
export function Sidebar() {
  const { pathname } = useLocation();
  const role = useRole();
  const lancar = currentState({ pages: ['/lancar'] }, pathname);
  const groups = GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => navAllowed(role, item.to)),
  })).filter((group) => group.items.length > 0);

  return (
    <aside className="sticky top-0 flex h-dvh w-64 shrink-0 flex-col gap-3 overflow-y-auto border-r bg-card px-3 py-4">
      <div className="grid gap-3 px-1">
        <div className="flex items-center justify-between gap-2">
          <p className="text-base font-bold text-primary">App Finanças</p>
          <NoticeBell />
        </div>
        <CompanyBlock />
        <UserMenu />
      </div>
      {navAllowed(role, '/lancar') ? (
        <Link
          to="/lancar"
          aria-current={lancar}
          aria-keyshortcuts="n"
          className="flex min-h-11 items-center justify-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <PenLine className="size-4" aria-hidden="true" />
          Lançar
          <kbd
            aria-hidden="true"
            className="ml-auto rounded border border-primary-foreground/40 px-1.5 text-xs font-normal"
          >
            N
          </kbd>
        </Link>
      ) : null}
      <nav aria-label="Navegação principal" className="grid gap-3">
        {groups.map((group, index) => (
          <div key={group.label ?? index} className="grid gap-0.5">
            {group.label ? (
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {group.label}
              </p>
            ) : null}
            <ul className="grid gap-0.5">
              {group.items.map((item) => (
                <li key={item.to}>
                  <SidebarLink item={item} pathname={pathname} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  );
}
