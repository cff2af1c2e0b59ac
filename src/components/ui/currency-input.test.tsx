import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormField } from '@/components/ui/form-field';

const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

function Controlled({ onCents }: { onCents?: (cents: number | null) => void }) {
  const [cents, setCents] = useState<number | null>(null);
  return (
    <>
      <FormField label="Valor" error={cents === 0 ? 'Informe um valor maior que zero.' : null}>
        <CurrencyInput
          value={cents}
          onValueChange={(value) => {
            setCents(value);
            onCents?.(value);
          }}
        />
      </FormField>
      <output aria-label="centavos">{String(cents)}</output>
      <Button onClick={() => setCents(null)}>Limpar</Button>
    </>
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
