// "Aplicar rateio padrão" (issue 33): fills the split editor with a rateio padrão of the company for
// the entry's amount, in one tap when a template is the default of the entry's kind. The parts come
// from the database (public.split_template_parts: the budget method reads the active obras'
// budgets); the editor shows them and the user may change them before saving. Self-contained: the
// split editor renders it and takes the parts through onApply.
import { useMutation } from '@tanstack/react-query';
import { Split } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/pickers/option-select';
import {
  getSplitTemplateParts,
  templatesFor,
  useSplitTemplates,
  type SplitTemplate,
} from '@/lib/api/split-templates';
import { toastError } from '@/lib/toast-error';
import { fromDbParts, type SplitPart } from '@/features/entries/lib/split';

export interface ApplySplitTemplateProps {
  /** The entry's kind: expense offers the expense templates and those of both kinds. */
  kind: 'expense' | 'income';
  /** The entry's amount in centavos; null or ≤ 0 while not typed (the button waits for it). */
  amountCents: number | null;
  onApply: (parts: SplitPart[]) => void;
  disabled?: boolean;
}

/** The template offered first: the kind's own default, else a default of both kinds, else the first. */
function firstChoice(templates: SplitTemplate[], kind: 'expense' | 'income'): SplitTemplate | null {
  return (
    templates.find((t) => t.is_default && t.kind === kind) ??
    templates.find((t) => t.is_default) ??
    templates[0] ??
    null
  );
}

export function ApplySplitTemplate({
  kind,
  amountCents,
  onApply,
  disabled = false,
}: ApplySplitTemplateProps) {
  const selectId = useId();
  const hintId = useId();
  const templates = useSplitTemplates();
  const offered = templatesFor(templates.data ?? [], kind);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const apply = useMutation({
    meta: { silentNetworkError: true },
    mutationFn: ({ templateId, cents }: { templateId: string; cents: number }) =>
      getSplitTemplateParts(templateId, cents),
  });

  // Nothing to offer (none saved, an 'obra' member, still loading or failed): the editor goes on
  // without it.
  if (offered.length === 0) return null;
  const chosen = offered.find((t) => t.id === chosenId) ?? firstChoice(offered, kind);
  if (!chosen) return null;
  const hasAmount = amountCents !== null && amountCents > 0;

  async function onClick() {
    if (!chosen || amountCents === null || amountCents <= 0) return;
    try {
      const rows = await apply.mutateAsync({ templateId: chosen.id, cents: amountCents });
      const parts = fromDbParts(rows);
      if (parts) onApply(parts);
    } catch (failure) {
      toastError('Não foi possível aplicar o rateio padrão', failure);
    }
  }

  return (
    <div className="grid gap-2 rounded-md border border-dashed p-3">
      {offered.length > 1 ? (
        <>
          <Label htmlFor={selectId}>Rateio padrão</Label>
          <OptionSelect
            id={selectId}
            value={chosen.id}
            onChange={(id) => setChosenId(id)}
            options={offered.map((t) => ({
              id: t.id,
              name: t.is_default ? `${t.name} (padrão)` : t.name,
            }))}
            disabled={disabled || apply.isPending}
          />
        </>
      ) : (
        <p className="text-sm">
          <span className="text-muted-foreground">Rateio padrão: </span>
          <span className="font-medium">{chosen.name}</span>
        </p>
      )}
      <Button
        type="button"
        variant="outline"
        onClick={() => void onClick()}
        disabled={disabled || !hasAmount || apply.isPending}
        aria-describedby={hasAmount ? undefined : hintId}
      >
        <Split aria-hidden="true" />
        {apply.isPending ? 'Aplicando...' : 'Aplicar rateio padrão'}
      </Button>
      {hasAmount ? null : (
        <p id={hintId} className="text-xs text-muted-foreground">
          Informe o valor para aplicar o rateio padrão.
        </p>
      )}
    </div>
  );
}
