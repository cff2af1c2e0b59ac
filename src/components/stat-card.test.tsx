import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatCard, TotalsError, wrappableCurrency } from '@/components/stat-card';

describe('StatCard', () => {
  it('shows the label and the value as a term and its definition, "…" while loading', () => {
    render(
      <dl aria-label="Totais">
        <StatCard label="A Receber" value={wrappableCurrency(123456)} icon={null} className="" />
        <StatCard label="A Pagar" value={wrappableCurrency(undefined)} icon={null} className="" />
      </dl>,
    );
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual(['A Receber', 'A Pagar']);
    expect(values).toEqual(['R$ 1.234,56', '…']);
  });

  it('lets a long amount wrap after "R$", never inside the number', () => {
    expect(wrappableCurrency(-99999999)).toBe('-R$ 999.999,99');
    expect(wrappableCurrency(0)).not.toContain('\u00a0');
  });
});

describe('TotalsError', () => {
  it('says the totals failed and retries on request', async () => {
    const onRetry = vi.fn();
    render(<TotalsError onRetry={onRetry} />);
    expect(screen.getByText('Não foi possível carregar os totais.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
