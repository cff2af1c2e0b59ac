import { Filter } from 'lucide-react';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A screen's panel behind "Filtros": its id, whether it shows, and how to load its code early. */
export interface FilterPanel {
  id: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Loads the panel's chunk (a `React.lazy` component's import). */
  preload: () => unknown;
}

export function useFilterPanel(preload: () => unknown): FilterPanel {
  const id = useId();
  const [open, setOpen] = useState(false);
  return { id, open, setOpen, preload };
}

/**
 * "Filtros": shows and hides the panel, with the number of filters set; the panel's code loads on
 * intent (pointer over, focus), before the tap.
 */
export function FiltersToggle({ panel, count }: { panel: FilterPanel; count: number }) {
  return (
    <Button
      variant={panel.open ? 'secondary' : 'outline'}
      aria-expanded={panel.open}
      aria-controls={panel.id}
      onClick={() => panel.setOpen(!panel.open)}
      onPointerEnter={() => void panel.preload()}
      onFocus={() => void panel.preload()}
    >
      <Filter aria-hidden="true" />
      Filtros
      {count > 0 ? (
        <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
          {count}
        </span>
      ) : null}
    </Button>
  );
}

/** The panel itself (lazy) while it is open; nothing, not even a spinner, while its code loads. */
export function FilterPanelSlot({ panel, children }: { panel: FilterPanel; children: ReactNode }) {
  return panel.open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
