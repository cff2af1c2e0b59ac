import { useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { formatCurrency, parseCurrency, parseSignedCurrency } from '@/lib/money';

type CurrencyInputProps = Omit<
  ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type'
> & {
  /** Centavos. When it changes from outside (e.g. a form reset), the text follows. */
  value?: number | null;
  /** Centavos, or null while the text is blank or not a valid amount. */
  onValueChange?: (cents: number | null, text: string) => void;
  /** Accepts a leading minus ("-150,00"): for balances, never for entry amounts. */
  allowNegative?: boolean;
};

/**
 * A text field for money: accepts "R$ 1.234,56", "1234,5", "1.234"… as typed (the raw text is
 * kept while typing) and reports centavos. On blur a valid amount is rewritten as "R$ 1.234,56".
 */
export function CurrencyInput({
  value,
  onValueChange,
  onBlur,
  placeholder = 'R$ 0,00',
  allowNegative = false,
  ...props
}: CurrencyInputProps) {
  const parse = allowNegative ? parseSignedCurrency : parseCurrency;
  const [text, setText] = useState(() => (value == null ? '' : formatCurrency(value)));
  const [lastValue, setLastValue] = useState(value);

  if (value !== lastValue) {
    setLastValue(value);
    if (value !== undefined && parse(text) !== value) {
      setText(value === null ? '' : formatCurrency(value));
    }
  }

  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        onValueChange?.(parse(next), next);
      }}
      onBlur={(event) => {
        const cents = parse(text);
        if (cents !== null) setText(formatCurrency(cents));
        onBlur?.(event);
      }}
    />
  );
}
