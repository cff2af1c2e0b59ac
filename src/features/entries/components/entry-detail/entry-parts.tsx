import { useCategories, useProjects } from '@/lib/api/lookups';
import { useProjectStages } from '@/lib/api/project-stages';
import type { EntryKind } from '@/lib/entries';
import { formatCurrency } from '@/lib/money';
import type { SplitPart } from '@/features/entries/lib/split';
import { formatPercent } from '@/features/entries/lib/split-draft';

/** The share of a part: as typed when split by percentage, else its amount over the total. */
export function partPercent(part: SplitPart, totalCents: number): string {
  const hundredths =
    part.percentHundredths ??
    (totalCents > 0 ? Math.round((part.amountCents * 10000) / totalCents) : 0);
  return `${formatPercent(hundredths)}%`;
}

/**
 * "Rateio" on an entry's detail: each part's obra (or Geral), etapa, categoria, amount and share.
 * Names come from the same lookups as the pickers (archived categories included).
 */
export function EntryParts({
  kind,
  parts,
  totalCents,
  shareOnly = false,
}: {
  kind: EntryKind;
  parts: readonly SplitPart[];
  totalCents: number;
  /** An 'obra' member's read of a shared split: their parts only, so no share of the whole. */
  shareOnly?: boolean;
}) {
  const projects = useProjects();
  const categories = useCategories({ type: kind, activeOnly: false });
  const projectName = (id: string | null) =>
    id === null ? 'Geral' : (projects.data?.find((p) => p.id === id)?.name ?? '—');
  const categoryName = (id: string | null) =>
    id === null ? 'Sem categoria' : (categories.data?.find((c) => c.id === id)?.name ?? '—');
  return (
    <section aria-label="Rateio" className="grid gap-2 py-3">
      <h3 className="text-sm text-muted-foreground">
        {shareOnly
          ? 'Rateio: suas partes'
          : `Rateio (${parts.length} ${parts.length === 1 ? 'parte' : 'partes'})`}
      </h3>
      <ul className="divide-y rounded-md border">
        {parts.map((part, index) => (
          // Parts have no id of their own: the position is what they are.
          <li key={index} className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
            <div className="min-w-0">
              <p className="break-words font-medium">
                {projectName(part.projectId)}
                <StageName projectId={part.projectId} stageId={part.stageId} />
              </p>
              <p className="break-words text-muted-foreground">{categoryName(part.categoryId)}</p>
            </div>
            <div className="shrink-0 text-right">
              <p className="font-semibold tabular-nums">{formatCurrency(part.amountCents)}</p>
              {shareOnly ? null : (
                <p className="tabular-nums text-muted-foreground">
                  {partPercent(part, totalCents)}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function StageName({ projectId, stageId }: { projectId: string | null; stageId: string | null }) {
  const stages = useProjectStages(stageId ? projectId : null);
  if (!stageId) return null;
  const name = stages.data?.find((stage) => stage.id === stageId)?.name;
  return name ? <span className="font-normal text-muted-foreground"> · {name}</span> : null;
}
