import { format } from 'date-fns';
import { Bell, CheckCheck } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { noticesQuery, useMarkNoticesRead, type Notice } from '@/features/notices/api/notices';
import type { Prefetch } from '@/lib/api/prefetch';
import { useCurrentCompany } from '@/lib/current-company';
import { toIsoDate, todayLocal } from '@/lib/dates';
import { toastError } from '@/lib/toast-error';
import { cn } from '@/lib/utils';

export const prefetchNotices: Prefetch = (companyId) => [
  (client) => client.query(noticesQuery(companyId)),
];

/** "Hoje" (the device's local day) and "Anteriores", each newest first. */
export function groupNotices(
  notices: Notice[],
  today: string = todayLocal(),
): { label: string; notices: Notice[] }[] {
  const isToday = (n: Notice) => toIsoDate(new Date(n.createdAt)) === today;
  return [
    { label: 'Hoje', notices: notices.filter(isToday) },
    { label: 'Anteriores', notices: notices.filter((n) => !isToday(n)) },
  ].filter((group) => group.notices.length > 0);
}

function when(notice: Notice, todayGroup: boolean): string {
  const at = new Date(notice.createdAt);
  return todayGroup ? format(at, 'HH:mm') : format(at, "dd/MM/yyyy 'às' HH:mm");
}

function NoticeRow({
  notice,
  today,
  onOpen,
}: {
  notice: Notice;
  today: boolean;
  onOpen: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'grid w-full gap-1 p-4 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
          !notice.read && 'bg-primary/5',
        )}
      >
        <span className="flex items-start gap-2">
          {notice.read ? null : (
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
          )}
          <span className={cn('min-w-0 flex-1 break-words', !notice.read && 'font-semibold')}>
            {notice.title}
            {notice.read ? null : <span className="sr-only"> (não lido)</span>}
          </span>
        </span>
        {notice.body ? (
          <span className="whitespace-pre-line break-words text-sm text-muted-foreground">
            {notice.body}
          </span>
        ) : null}
        <time dateTime={notice.createdAt} className="text-xs text-muted-foreground">
          {when(notice, today)}
        </time>
      </button>
    </li>
  );
}

/** /avisos: the user's notices, newest first; each opens what it is about and is marked read. */
export function NoticesPage() {
  const { id } = useCurrentCompany();
  const notices = useQuery(noticesQuery(id));
  const markRead = useMarkNoticesRead();
  const navigate = useNavigate();
  const unread = notices.data?.some((n) => !n.read) ?? false;

  function open(notice: Notice) {
    if (!notice.read) {
      markRead.mutate(notice.id, {
        onError: (error) => toastError('Erro ao marcar aviso como lido', error),
      });
    }
    void navigate(notice.link);
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title="Avisos"
        actions={
          unread ? (
            <Button
              size="sm"
              variant="outline"
              disabled={markRead.isPending}
              onClick={() =>
                markRead.mutate(null, {
                  onError: (error) => toastError('Erro ao marcar avisos como lidos', error),
                })
              }
            >
              <CheckCheck aria-hidden="true" />
              Marcar todas como lidas
            </Button>
          ) : null
        }
      />
      <QueryState
        query={notices}
        loading="Carregando avisos..."
        error={{
          title: 'Erro ao carregar avisos',
          description: 'Não foi possível carregar seus avisos.',
        }}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={<Bell />}
            title="Nenhum aviso"
            description="Aprovações, recusas, contas a vencer e importações que dizem respeito a você aparecem aqui."
          />
        }
      >
        {(data) =>
          groupNotices(data).map((group) => (
            <section
              key={group.label}
              aria-labelledby={`avisos-${group.label}`}
              className="grid gap-2"
            >
              <h2
                id={`avisos-${group.label}`}
                className="text-sm font-semibold text-muted-foreground"
              >
                {group.label}
              </h2>
              <ul
                aria-label={group.label}
                className="divide-y overflow-hidden rounded-lg border bg-card"
              >
                {group.notices.map((notice) => (
                  <NoticeRow
                    key={notice.id}
                    notice={notice}
                    today={group.label === 'Hoje'}
                    onOpen={() => open(notice)}
                  />
                ))}
              </ul>
            </section>
          ))
        }
      </QueryState>
    </div>
  );
}
