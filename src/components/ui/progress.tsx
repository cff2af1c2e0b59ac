import * as ProgressPrimitive from '@radix-ui/react-progress';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const indicatorColors = {
  primary: 'bg-primary',
  income: 'bg-income',
  expense: 'bg-expense',
  warning: 'bg-warning',
  success: 'bg-success',
} as const;

export type ProgressColor = keyof typeof indicatorColors;

type ProgressProps = ComponentProps<typeof ProgressPrimitive.Root> & {
  /** 0–100; values outside are clamped (SPEC §9: the bar's maximum is 100). */
  value?: number | null;
  indicatorColor?: ProgressColor;
  indicatorClassName?: string;
};

export function Progress({
  className,
  value,
  indicatorColor = 'primary',
  indicatorClassName,
  ...props
}: ProgressProps) {
  const clamped = value == null ? null : Math.min(100, Math.max(0, value));
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={100}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-secondary', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          'h-full w-full flex-1 transition-transform',
          indicatorColors[indicatorColor],
          indicatorClassName,
        )}
        style={{ transform: `translateX(-${100 - (clamped ?? 0)}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
