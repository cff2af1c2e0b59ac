import { Building, ChevronRight, History, LogOut } from 'lucide-react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { ApprovalCountBadge } from '@/components/approval-count-badge';
import { aprovacoes, empresa, MORE_LINKS, type MoreLink } from '@/components/more-links';
import { navAllowed } from '@/components/nav-items';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/utils';
import { useCurrentCompany } from '@/lib/current-company';
import { useSignOut } from '@/lib/sign-out';
import { CompanySwitcherCard } from '@/features/more/components/company-switcher-card';

/** Only admins edit the company and read its audit log (the database refuses the others). */
const ADMIN_LINKS: MoreLink[] = [empresa, { label: 'Atividade', to: '/atividade', icon: History }];

export function MorePage() {
  const { role } = useCurrentCompany();
  const links = [...MORE_LINKS, ...ADMIN_LINKS].filter((link) => navAllowed(role, link.to));
  const signOut = useSignOut({
    onSuccess: () =>
      toast.success('Logout realizado com sucesso', {
        description: 'Você foi desconectado do sistema.',
      }),
    onError: (error) => toastError('Erro ao fazer logout', error),
  });

  return (
    <div className="grid gap-4">
      <PageHeader title="Mais" />
      <CompanySwitcherCard />
      <nav aria-label="Menu">
        <ul className="divide-y overflow-hidden rounded-lg border bg-card">
          {links.map(({ label, to, icon: Icon, tone }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
              >
                <Icon
                  className={cn('size-5 shrink-0', tone ?? 'text-primary')}
                  aria-hidden="true"
                />
                <span className="flex-1 font-medium">{label}</span>
                {to === aprovacoes.to ? <ApprovalCountBadge /> : null}
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Button
        variant="outline"
        size="lg"
        className="border-destructive/40 text-destructive hover:bg-destructive/10 hover:text-destructive"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        <LogOut aria-hidden="true" />
        {signOut.isPending ? 'Saindo...' : 'Sair'}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <Building className="size-3.5" aria-hidden="true" />
        App Finanças · versão 1.0.0
      </p>
    </div>
  );
}
