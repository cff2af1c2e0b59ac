import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DatePicker } from '@/components/ui/date-picker';
import { Label } from '@/components/ui/label';

function Harness({ initial }: { initial: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <Label htmlFor="vencimento">Data de Vencimento</Label>
      <DatePicker id="vencimento" value={value} onChange={setValue} />
      <output aria-label="valor">{String(value)}</output>
    </>
  );
}

// The calendar renders six weeks of buttons: slow in jsdom on a shared 2-core machine.
describe('DatePicker', { timeout: 30_000 }, () => {
  it('shows the placeholder without a date', () => {
    render(<Harness initial={null} />);
    expect(screen.getByRole('button', { name: /Data de Vencimento/ })).toHaveTextContent(
      'dd/mm/aaaa',
    );
  });

  it('shows the value as dd/MM/yyyy', () => {
    render(<Harness initial="2028-02-29" />);
    expect(screen.getByLabelText('Data de Vencimento')).toHaveTextContent('29/02/2028');
  });

  it('opens a pt-BR calendar on the selected month and returns yyyy-MM-dd', async () => {
    render(<Harness initial="2025-01-31" />);
    await userEvent.click(screen.getByLabelText('Data de Vencimento'));

    const grid = await screen.findByRole('grid');
    expect(grid).toHaveAccessibleName(/janeiro 2025/i);
    // Weeks start on Sunday: 1 Jan 2025 is a Wednesday, so the grid opens on Sunday 29 Dec.
    expect(within(grid).getAllByRole('gridcell')[0]).toHaveTextContent('29');

    await userEvent.click(screen.getByRole('button', { name: /Ir para o próximo mês/i }));
    await userEvent.click(screen.getByRole('button', { name: /14 de fevereiro de 2025/i }));

    expect(screen.getByLabelText('valor')).toHaveTextContent('2025-02-14');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Data de Vencimento')).toHaveTextContent('14/02/2025');
  });
});
