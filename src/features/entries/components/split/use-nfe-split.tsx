import { Split } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { NfeSplitSlot } from '@/components/capture/nfe-import-dialog';
import { Button } from '@/components/ui/button';
import { toDbParts } from '@/features/entries/lib/split';
import {
  newSplitDraft,
  resolveSplit,
  SPLIT_MESSAGES,
  splitEach,
  type SplitDraft,
} from '@/features/entries/lib/split-draft';

// The split editor is its own chunk: loaded when "Ratear" is pressed.
const SplitEditor = lazy(() =>
  import('@/features/entries/components/split/split-editor').then((m) => ({
    default: m.SplitEditor,
  })),
);

/**
 * "Ratear" in Importar NF-e (issue 33): the note's total split into parts; each duplicata gets the
 * same split of its own amount (splitForAmount, exact to the centavo).
 */
export function useNfeSplit(): NfeSplitSlot {
  const [draft, setDraft] = useState<SplitDraft | null>(null);
  return {
    active: draft !== null,
    reset: () => setDraft(null),
    render: (totalCents) =>
      draft ? (
        <Suspense fallback={<p className="text-sm text-muted-foreground">Carregando rateio...</p>}>
          <SplitEditor
            kind="expense"
            amountCents={totalCents}
            value={draft}
            onChange={setDraft}
            onRemove={() => setDraft(null)}
          />
        </Suspense>
      ) : (
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => setDraft(newSplitDraft())}
        >
          <Split aria-hidden="true" />
          Ratear
        </Button>
      ),
    partsFor: (totalCents, amounts) => {
      if (!draft) return [];
      const split = resolveSplit(draft, totalCents);
      if ('error' in split) return split.error;
      const each = splitEach(split.parts, amounts);
      return each ? each.map((parts) => toDbParts(parts)) : SPLIT_MESSAGES.tooSmall;
    },
  };
}
