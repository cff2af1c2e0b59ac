import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ActorLabel } from '@/components/actor-label';
import { Badge } from '@/components/ui/badge';
import type { Activity } from '@/features/activity/api/get-activity';
import {
  accessSentence,
  ACTION_LABELS,
  activityRowSubject,
  describeChanges,
  ENTITY_LABELS,
  type ActivityNames,
} from '@/features/activity/lib/activity';

const actionVariant = { insert: 'income', update: 'secondary', delete: 'expense' } as const;
const ACTION_BADGES = { insert: 'Criação', update: 'Alteração', delete: 'Exclusão' } as const;

/** One audit row: who, when, which row, and before → after of what changed. */
export function ActivityItem({ item, names }: { item: Activity; names: ActivityNames }) {
  const entity = item.entity ? ENTITY_LABELS[item.entity] : item.tableName;
  const subject = activityRowSubject(item.entity, item.rowId, item.changed, names);
  const access = item.entity === 'project_access';
  // An access row's columns are ids: its sentence says it all.
  const changes = access ? [] : describeChanges(item.changed, item.entryKind, names.person);
  const who = item.actorName ?? (item.actorId ? 'Pessoa removida' : 'Sistema');
  const when = format(new Date(item.at), "dd/MM/yyyy 'às' HH:mm", { locale: ptBR });
  const entryLink =
    item.entryKind && item.entryId ? `/lancamentos/${item.entryKind}/${item.entryId}` : null;

  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-words text-sm">
          <ActorLabel
            name={who}
            email={item.actorEmail}
            fallback="Sistema"
            nameClassName="font-semibold"
          />{' '}
          {access ? (
            accessSentence(item.action, item.changed, names)
          ) : (
            <>
              {ACTION_LABELS[item.action]} <span className="font-medium">{entity}</span>
              {subject ? <span className="text-muted-foreground"> · {subject}</span> : null}
            </>
          )}
        </p>
        <Badge variant={actionVariant[item.action]}>{ACTION_BADGES[item.action]}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        <time dateTime={item.at}>{when}</time>
      </p>
      {changes.length > 0 ? (
        <dl className="grid gap-1 text-sm">
          {changes.map((change) => (
            <div key={change.column} className="flex min-w-0 flex-wrap gap-x-2">
              <dt className="text-muted-foreground">{change.label}:</dt>
              <dd className="min-w-0 break-words">
                {change.before === null && change.after === null ? (
                  'alterado'
                ) : item.action === 'update' ? (
                  <>
                    <span className="text-muted-foreground line-through">{change.before}</span>
                    <ArrowRight className="mx-1 inline size-3.5" aria-label="para" />
                    <span className="font-medium">{change.after}</span>
                  </>
                ) : (
                  <span>{item.action === 'delete' ? change.before : change.after}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {entryLink && item.action !== 'delete' ? (
        <Link
          to={entryLink}
          className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Ver lançamento
        </Link>
      ) : null}
    </li>
  );
}
