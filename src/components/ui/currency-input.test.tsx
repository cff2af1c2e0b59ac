import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';

const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

const schema = z.object({
  cents: z.number().int().positive('Informe um valor maior que zero.').nullable(),
});

/** CurrencyInput as the forms use it: a FormField of a react-hook-form form. */
function Controlled({ onCents }: { onCents?: (cents: number | null) => void }) {
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { cents: null } as z.input<typeof schema>,
  });
  const cents = useWatch({ control: form.control, name: 'cents' });
  return (
    <Form {...form}>
      <FormField
        control={form.control}
        name="cents"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Valor</FormLabel>
            <FormControl>
              <CurrencyInput
                ref={field.ref}
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  onCents?.(value);
                }}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <output aria-label="centavos">{String(cents)}</output>
      <Button onClick={() => form.setValue('cents', null)}>Limpar</Button>
    </Form>
  );
}

describe('CurrencyInput', () => {
  it('shows the R$ 0,00 placeholder and is labelled', () => {
    render(<Controlled />);
    expect(screen.getByLabelText('Valor')).toHaveAttribute('placeholder', 'R$ 0,00');
  });

  it('keeps the typed text and reports centavos', async () => {
    const onCents = vi.fn();
    render(<Controlled onCents={onCents} />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, 'R$ 1.234,56');
    expect(input).toHaveValue('R$ 1.234,56');
    expect(onCents).toHaveBeenLastCalledWith(123456);
    expect(screen.getByLabelText('centavos')).toHaveTextContent('123456');
  });

  it('reports null for garbage and keeps the text for the user to fix', async () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '12abc');
    expect(input).toHaveValue('12abc');
    expect(screen.getByLabelText('centavos')).toHaveTextContent('null');
  });

  it('formats a valid amount on blur', async () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '1234,5');
    await userEvent.tab();
    expect(input).toHaveValue(nbsp('R$ 1.234,50'));
    expect(screen.getByLabelText('centavos')).toHaveTextContent('123450');
  });

  it('clears when the value is reset from outside', async () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(input).toHaveValue('');
  });

  it('wires the error message to the input', async () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '0');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Informe um valor maior que zero.');
  });

  it('shows an initial value formatted', () => {
    render(<CurrencyInput aria-label="Saldo inicial" value={150000} />);
    expect(screen.getByLabelText('Saldo inicial')).toHaveValue(nbsp('R$ 1.500,00'));
  });
  it('accepts a leading minus only when allowNegative', async () => {
    const onSigned = vi.fn();
    const onPlain = vi.fn();
    render(
      <>
        <CurrencyInput aria-label="Saldo" allowNegative onValueChange={onSigned} />
        <CurrencyInput aria-label="Valor" onValueChange={onPlain} />
      </>,
    );
    await userEvent.type(screen.getByLabelText('Saldo'), '-150,5');
    await userEvent.type(screen.getByLabelText('Valor'), '-150,5');
    expect(onSigned).toHaveBeenLastCalledWith(-15050, '-150,5');
    expect(onPlain).toHaveBeenLastCalledWith(null, '-150,5');
    await userEvent.tab();
    expect(screen.getByLabelText('Saldo')).toHaveValue(nbsp('-R$ 150,50'));
  });
});
