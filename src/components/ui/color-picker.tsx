import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import {
  COLOR_BG_CLASS,
  COLOR_LABELS,
  COLOR_TOKENS,
  type ColorToken,
  isColorToken,
} from '@/lib/colors';
import { cn } from '@/lib/utils';

type ColorPickerProps = Omit<
  ComponentProps<typeof RadioGroupPrimitive.Root>,
  'value' | 'defaultValue' | 'onValueChange' | 'children'
> & {
  value: ColorToken;
  onValueChange: (value: ColorToken) => void;
};

/**
 * The 8 colour tokens (lib/colors.ts) as a radio group of 44px swatches, each named by its
 * Portuguese label ("Azul", "Verde"…). Give it an accessible name with aria-label or
 * aria-labelledby.
 */
export function ColorPicker({ value, onValueChange, className, ...props }: ColorPickerProps) {
  return (
    <RadioGroupPrimitive.Root
      className={cn('grid w-fit grid-cols-4 gap-2', className)}
      orientation="horizontal"
      value={value}
      onValueChange={(next) => {
        if (isColorToken(next)) onValueChange(next);
      }}
      {...props}
    >
      {COLOR_TOKENS.map((token) => (
        <RadioGroupPrimitive.Item
          key={token}
          value={token}
          aria-label={COLOR_LABELS[token]}
          title={COLOR_LABELS[token]}
          className={cn(
            'flex size-11 items-center justify-center rounded-full border-2 border-transparent ring-offset-background transition-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 data-[state=checked]:border-foreground',
          )}
        >
          <span
            className={cn(
              'flex size-8 items-center justify-center rounded-full',
              COLOR_BG_CLASS[token],
            )}
          >
            <RadioGroupPrimitive.Indicator>
              <Check className="size-4 text-white" aria-hidden="true" />
            </RadioGroupPrimitive.Indicator>
          </span>
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}
