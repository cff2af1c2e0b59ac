import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OptionSelect, withCurrent } from '@/components/pickers/option-select';

const options = [
  { id: 'a', name: 'Banco do Brasil' },
  { id: 'b', name: 'Caixa' },
];

describe('OptionSelect', { timeout: 30_000 }, () => {
  it('shows the "none" option for null and reports null when it is chosen', async () => {
    const onChange = vi.fn();
    render(
      <OptionSelect
        aria-label="Banco"
        value="a"
        onChange={onChange}
        options={options}
        noneLabel="Não definido"
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Banco' });
    expect(trigger).toHaveTextContent('Banco do Brasil');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'Não definido' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('shows the placeholder for null when there is no "none" option, and reports ids', async () => {
    const onChange = vi.fn();
    render(
      <OptionSelect
        aria-label="Conta bancária"
        value={null}
        onChange={onChange}
        options={options}
        placeholder="Selecione a conta bancária"
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Conta bancária' });
    expect(trigger).toHaveTextContent('Selecione a conta bancária');
    await userEvent.click(trigger);
    expect(screen.queryByRole('option', { name: 'Não definido' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'Caixa' }));
    expect(onChange).toHaveBeenCalledWith('b');
  });
});

describe('withCurrent', () => {
  it('keeps offering the row the record names when the list no longer has it', () => {
    expect(withCurrent(options, { id: 'z', name: 'Conta arquivada' })).toEqual([
      ...options,
      { id: 'z', name: 'Conta arquivada' },
    ]);
    expect(withCurrent(options, { id: 'a', name: 'Banco do Brasil' })).toEqual(options);
    expect(withCurrent(options, null)).toEqual(options);
  });
});
