import { COLOR_BG_CLASS, toColorToken } from '@/lib/colors';
import { cn } from '@/lib/utils';

interface CategoryProps {
  /** null: the row has no category (a muted dot, "Sem categoria"). */
  name: string | null;
  color: string | null;
}

/** The category's colour beside a row's text; muted when the row has no category. */
export function CategoryDot({ name, color }: CategoryProps) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'size-2 shrink-0 rounded-full',
        name ? COLOR_BG_CLASS[toColorToken(color)] : 'bg-muted',
      )}
    />
  );
}

/** A row's category: its dot and its name, or "Sem categoria". */
export function CategoryLabel({
  name,
  color,
  className = 'inline-flex items-center gap-1.5',
}: CategoryProps & { className?: string }) {
  return (
    <span className={className}>
      <CategoryDot name={name} color={color} />
      {name ?? 'Sem categoria'}
    </span>
  );
}
