import { format, parseISO } from 'date-fns';
import { Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/query-state';
import { RecordGate } from '@/components/record-gate';
import { formatDate, todayLocal } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { useCan } from '@/lib/roles';
import { useCategory, type Category } from '@/features/categories/api/get-category';
import { useCategoryStats } from '@/features/categories/api/get-category-stats';
import { CategoryTransactions } from '@/features/categories/components/category-transactions';
import { ColorDot } from '@/features/categories/components/color-dot';
import {
  categoryTypeLabels,
  loadErrorText,
  usageFrequencyLabels,
} from '@/features/categories/lib/category';
import {
  EditCategoryDialog,
  RemoveCategoryDialog,
} from '@/features/categories/components/category-dialogs';

const CATEGORY_NOT_FOUND = {
  title: 'Categoria não encontrada',
  to: '/categorias',
  linkLabel: 'Voltar para categorias',
  linkVariant: 'outline',
} as const;

export function CategoryDetailPage() {
  const { id = '' } = useParams();
  const category = useCategory(id);
  return (
    <RecordGate
      query={category}
      record={category.data}
      title="Categoria"
      backTo="/categorias"
      error={{ title: 'Erro', description: loadErrorText }}
      notFound={CATEGORY_NOT_FOUND}
    >
      {(found) => <CategoryDetail category={found} />}
    </RecordGate>
  );
}

function CategoryDetail({ category }: { category: Category }) {
  const navigate = useNavigate();
  const today = todayLocal();
  const stats = useCategoryStats(category.id, today);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const canWrite = useCan()('write');
  const type = category.type === 'income' ? 'income' : 'expense';

  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title={category.name}
        backTo="/categorias"
        className="mb-0"
        actions={
          canWrite ? (
            <>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Editar categoria"
                onClick={() => setEditing(true)}
                onPointerEnter={EditCategoryDialog.preload}
                onFocus={EditCategoryDialog.preload}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Excluir categoria"
                className="text-destructive hover:text-destructive"
                onClick={() => setRemoving(true)}
                onPointerEnter={RemoveCategoryDialog.preload}
                onFocus={RemoveCategoryDialog.preload}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </>
          ) : null
        }
      />

      <Card>
        <CardContent className="grid grid-cols-1 gap-3 pt-4">
          <div className="flex flex-wrap items-center gap-2">
            <ColorDot color={category.color} className="size-5" />
            <span className="text-lg font-semibold">{category.name}</span>
            <Badge variant={type}>{categoryTypeLabels[type]}</Badge>
            {category.is_active ? null : <Badge variant="secondary">Arquivada</Badge>}
          </div>
          <p className={category.description ? 'text-sm' : 'text-sm text-muted-foreground'}>
            {category.description ?? 'Sem descrição'}
          </p>
          {category.is_active ? null : (
            <p className="text-sm text-muted-foreground">
              Arquivada: não aparece para novos lançamentos; os antigos mantêm o nome.
            </p>
          )}
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Criada em</dt>
              <dd className="font-medium">{format(parseISO(category.created_at), 'dd/MM/yyyy')}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Último uso</dt>
              <dd className="font-medium">
                {stats.data
                  ? stats.data.last_used_on
                    ? formatDate(stats.data.last_used_on)
                    : 'Nunca'
                  : '—'}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <QueryState
        query={stats}
        loadingClassName="py-6"
        error={{
          title: 'Erro',
          description: 'Não foi possível carregar as estatísticas da categoria.',
        }}
      >
        {(statsData) => (
          <>
            <section aria-label="Estatísticas" className="grid grid-cols-2 gap-3">
              <StatCard label="Total movimentado" value={formatCurrency(statsData.total_amount)} />
              <StatCard label="Transações" value={String(statsData.transaction_count)} />
              <StatCard
                label="Média por transação"
                value={
                  statsData.average_amount === null ? '—' : formatCurrency(statsData.average_amount)
                }
              />
              <StatCard
                label="Frequência de uso"
                value={usageFrequencyLabels[statsData.frequency]}
                hint={`${statsData.last_90_days_count} ${statsData.last_90_days_count === 1 ? 'transação' : 'transações'} nos últimos 90 dias`}
              />
            </section>

            <Card>
              <CardHeader className="pb-0">
                <CardTitle className="text-base">Transações recentes</CardTitle>
              </CardHeader>
              <CardContent className="pt-2">
                <CategoryTransactions rows={statsData.recent} />
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>

      <EditCategoryDialog
        category={editing ? category : null}
        onOpenChange={(open) => setEditing(open)}
      />
      <RemoveCategoryDialog
        category={removing ? category : null}
        onOpenChange={(open) => setRemoving(open)}
        onRemoved={() => void navigate('/categorias')}
      />
    </div>
  );
}

function StatCard({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <Card role="group" aria-label={label}>
      <CardContent className="grid gap-1 p-4">
        <p className="text-xs text-muted-foreground" aria-hidden="true">
          {label}
        </p>
        <p className="text-lg font-semibold tabular-nums">{value}</p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}
