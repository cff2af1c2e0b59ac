import { COLOR_BG_CLASS, toColorToken } from '@/lib/colors';
import { cn } from '@/lib/utils';

export function ColorDot({ color, className }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-3 shrink-0 rounded-full',
        COLOR_BG_CLASS[toColorToken(color)],
        className,
      )}
    />
  );
}
