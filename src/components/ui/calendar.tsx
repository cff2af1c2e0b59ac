import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { DayButton, DayPicker } from 'react-day-picker';
import { ptBR } from 'react-day-picker/locale';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export type CalendarProps = ComponentProps<typeof DayPicker>;

/** react-day-picker v9 in pt-BR (weeks start on Sunday, Portuguese month names and labels). */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  ...props
}: CalendarProps) {
  return (
    <DayPicker
      locale={ptBR}
      showOutsideDays={showOutsideDays}
      className={cn('p-1', className)}
      classNames={{
        months: 'relative flex flex-col gap-4',
        month: 'flex flex-col gap-3',
        month_caption: 'flex h-11 items-center justify-center',
        caption_label: 'text-sm font-medium capitalize',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-11'),
        button_next: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-11'),
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-11 text-[0.8rem] font-normal capitalize text-muted-foreground',
        week: 'mt-1 flex w-full',
        day: 'size-11 p-0 text-center text-sm',
        day_button:
          'inline-flex size-11 items-center justify-center rounded-md font-normal transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-selected:opacity-100',
        selected:
          '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground',
        today: '[&>button]:font-bold [&>button]:underline [&>button]:underline-offset-4',
        outside: 'text-muted-foreground opacity-50',
        disabled: 'text-muted-foreground opacity-50',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{
        // Day buttons have no type; inside a <form> they would submit it.
        DayButton: (dayProps) => <DayButton type="button" {...dayProps} />,
        Chevron: ({ orientation, className: chevronClass }) =>
          orientation === 'left' ? (
            <ChevronLeft className={cn('size-4', chevronClass)} aria-hidden="true" />
          ) : (
            <ChevronRight className={cn('size-4', chevronClass)} aria-hidden="true" />
          ),
      }}
      {...props}
    />
  );
}
