import { Link, useSearchParams } from 'react-router-dom';
import { cn } from '@/lib/utils';

export type ReportTab = 'resumo' | 'fluxo' | 'dre';

const TABS: { value: ReportTab; label: string }[] = [
  { value: 'resumo', label: 'Resumo' },
  { value: 'fluxo', label: 'Fluxo de caixa previsto' },
  { value: 'dre', label: 'DRE' },
];

/** The Relatório's part in the address (?aba=fluxo | dre), so home can link to the projection. */
export function reportTabOf(params: URLSearchParams): ReportTab {
  const tab = params.get('aba');
  return tab === 'fluxo' || tab === 'dre' ? tab : 'resumo';
}

export function useReportTab(): ReportTab {
  const [params] = useSearchParams();
  return reportTabOf(params);
}

export function ReportTabs() {
  const current = useReportTab();
  return (
    <nav aria-label="Partes do relatório" className="-mx-1 overflow-x-auto px-1">
      <ul className="flex gap-1 rounded-lg bg-muted p-1">
        {TABS.map((tab) => (
          <li key={tab.value} className="flex-1">
            <Link
              to={tab.value === 'resumo' ? '?' : `?aba=${tab.value}`}
              replace
              aria-current={current === tab.value ? 'page' : undefined}
              className={cn(
                'flex min-h-touch items-center justify-center whitespace-nowrap rounded-md px-3 text-center text-sm font-medium transition-colors',
                current === tab.value
                  ? 'bg-background text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
