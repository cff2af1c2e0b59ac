// "Rateios padrão" on Categorias (issue 33): the company's saved splits, how each divides a bill,
// and (admin, financeiro) Novo, Editar and Excluir. Shown to whoever reads the company's figures
// (an 'obra' member does not: a template names every obra).
import { Pencil, Plus, Split, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useCategories, useProjects } from '@/lib/api/lookups';
import {
  SPLIT_TEMPLATE_KIND_LABELS,
  SPLIT_TEMPLATE_METHOD_LABELS,
  templateParts,
  useSplitTemplates,
  type SplitTemplate,
  type SplitTemplateKind,
  type SplitTemplateMethod,
} from '@/lib/api/split-templates';
import { useCan } from '@/lib/roles';
import { formatPercentHundredths } from '@/features/categories/api/split-templates';

const SplitTemplateDialog = lazyDialog(
  async () =>
    (await import('@/features/categories/components/split-templates/split-template-dialog'))
      .SplitTemplateDialog,
  (props) => props.open,
);
const RemoveSplitTemplateDialog = lazyDialog(
  async () =>
    (await import('@/features/categories/components/split-templates/remove-split-template-dialog'))
      .RemoveSplitTemplateDialog,
  (props) => props.template !== null,
);

export function SplitTemplatesSection() {
  const can = useCan();
  const templates = useSplitTemplates();
  const projects = useProjects({ enabled: templates.data !== undefined });
  const categories = useCategories({ activeOnly: false, enabled: templates.data !== undefined });
  const [editing, setEditing] = useState<SplitTemplate | null>(null);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<SplitTemplate | null>(null);
  if (!can('viewCompanyFigures')) return null;
  const canWrite = can('write');

  const projectName = (id: string | null) =>
    id === null ? 'Geral' : (projects.data?.find((p) => p.id === id)?.name ?? 'Obra removida');
  const categoryName = (id: string | null) =>
    id === null ? null : (categories.data?.find((c) => c.id === id)?.name ?? null);

  function summary(template: SplitTemplate): string {
    if (template.method === 'budget') {
      const category = categoryName(template.category_id);
      return category
        ? `${SPLIT_TEMPLATE_METHOD_LABELS.budget} · ${category}`
        : SPLIT_TEMPLATE_METHOD_LABELS.budget;
    }
    return templateParts(template)
      .map(
        (part) =>
          `${projectName(part.project_id)} ${formatPercentHundredths(Math.round(part.percent * 100))}%`,
      )
      .join(' · ');
  }

  return (
    <section aria-labelledby="rateios-padrao" className="mt-8 grid gap-3 border-t pt-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="rateios-padrao" className="text-lg font-semibold">
            Rateios padrão
          </h2>
          <p className="text-sm text-muted-foreground">
            Divisões de uma conta entre obras e categorias, aplicadas com um toque em Lançar.
          </p>
        </div>
        {canWrite ? (
          <Button
            size="sm"
            onClick={() => setCreating(true)}
            onPointerEnter={SplitTemplateDialog.preload}
            onFocus={SplitTemplateDialog.preload}
          >
            <Plus aria-hidden="true" />
            Novo rateio padrão
          </Button>
        ) : null}
      </div>
      <QueryState
        query={templates}
        error={{ title: 'Erro', description: 'Não foi possível carregar os rateios padrão.' }}
      >
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState
              icon={<Split />}
              title="Nenhum rateio padrão cadastrado"
              description="Ex: despesas do escritório divididas entre as obras ativas pelo orçamento."
            />
          ) : (
            <ul className="grid grid-cols-1 gap-2 lg:grid-cols-2" aria-label="Rateios padrão">
              {rows.map((template) => (
                <li
                  key={template.id}
                  aria-label={template.name}
                  className="flex items-start justify-between gap-2 rounded-lg border bg-card p-3"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="break-words">{template.name}</span>
                      {template.is_default ? <Badge variant="secondary">Padrão</Badge> : null}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {SPLIT_TEMPLATE_KIND_LABELS[template.kind as SplitTemplateKind]}
                    </p>
                    <p className="break-words text-sm">
                      {template.method === 'fixed'
                        ? `${SPLIT_TEMPLATE_METHOD_LABELS[template.method as SplitTemplateMethod]}: `
                        : null}
                      {summary(template)}
                    </p>
                  </div>
                  {canWrite ? (
                    <div className="flex shrink-0 gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Editar ${template.name}`}
                        onClick={() => setEditing(template)}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Excluir ${template.name}`}
                        onClick={() => setRemoving(template)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <SplitTemplateDialog
        open={creating || editing !== null}
        template={editing}
        onOpenChange={(open) => {
          if (!open) {
            setCreating(false);
            setEditing(null);
          }
        }}
      />
      <RemoveSplitTemplateDialog
        template={removing}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
      />
    </section>
  );
}
