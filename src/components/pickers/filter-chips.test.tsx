import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterChips } from '@/components/pickers/filter-chips';
import { NONE_VALUE } from '@/components/pickers/option-select';

const options = [
  { id: 'a', name: 'Casa 001' },
  { id: 'b', name: 'Casa 002' },
];

describe('FilterChips', { timeout: 30_000 }, () => {
  it('toggles chips, the "none" chip as NONE_VALUE, and "Todas" clears', async () => {
    const onChange = vi.fn();
    render(
      <FilterChips
        label="Obras"
        allLabel="Todas"
        noneLabel="Geral"
        selected={['a']}
        onChange={onChange}
        errorText="Não foi possível carregar as obras."
        options={options}
        isPending={false}
        isError={false}
      />,
    );
    const group = screen.getByRole('group', { name: 'Obras' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Todas' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Casa 001' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Casa 002' }));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b']);
    await userEvent.click(screen.getByRole('button', { name: 'Casa 001' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    await userEvent.click(screen.getByRole('button', { name: 'Geral' }));
    expect(onChange).toHaveBeenLastCalledWith(['a', NONE_VALUE]);
    await userEvent.click(screen.getByRole('button', { name: 'Todas' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('shows the loading, error and empty texts it is given', () => {
    const { rerender } = render(
      <FilterChips
        label="Conta"
        selected={[]}
        onChange={vi.fn()}
        loadingText="Carregando..."
        errorText="Não foi possível carregar."
        emptyText="Nenhuma conta cadastrada"
        options={undefined}
        isPending
        isError={false}
      />,
    );
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    rerender(
      <FilterChips
        label="Conta"
        selected={[]}
        onChange={vi.fn()}
        loadingText="Carregando..."
        errorText="Não foi possível carregar."
        emptyText="Nenhuma conta cadastrada"
        options={[]}
        isPending={false}
        isError={false}
      />,
    );
    expect(screen.getByText('Nenhuma conta cadastrada')).toBeInTheDocument();
  });
});
