import { Filter } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface FiltersToggleProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id of the panel it opens. */
  controls: string;
  /** How many filters are set (shown when > 0). */
  count: number;
  /** Loads the panel's chunk on intent (pointer over, focus), before the tap. */
  preload: () => unknown;
}

/** "Filtros": shows and hides a screen's filter panel, with the number of filters set. */
export function FiltersToggle({
  open,
  onOpenChange,
  controls,
  count,
  preload,
}: FiltersToggleProps) {
  return (
    <Button
      variant={open ? 'secondary' : 'outline'}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onOpenChange(!open)}
      onPointerEnter={() => void preload()}
      onFocus={() => void preload()}
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
