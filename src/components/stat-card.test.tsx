import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatCard, TotalsError } from '@/components/stat-card';

describe('StatCard', () => {
  it('shows the label and the value as a term and its definition, "…" while loading', () => {
    render(
      <dl aria-label="Totais">
        <StatCard label="A Receber" value="R$ 1.234,56" icon={null} className="" />
        <StatCard label="A Pagar" value={undefined} icon={null} className="" />
      </dl>,
    );
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual(['A Receber', 'A Pagar']);
    expect(values).toEqual(['R$ 1.234,56', '…']);
  });
});

describe('StatCard with cents', () => {
  it('shows a short amount whole, on one line', () => {
    render(
      <dl aria-label="Totais">
        <StatCard label="A Pagar" cents={120000} icon={null} className="" />
      </dl>,
    );
    const value = screen.getByRole('definition');
    expect(value.textContent).toBe('R$\u00a01.200,00');
    expect(value.querySelector('[data-amount]')).toHaveClass('whitespace-nowrap');
  });

  it('shortens a long amount on the phone, keeping the full value readable and as the title', () => {
    render(
      <dl aria-label="Totais">
        <StatCard label="A Receber" cents={123456789} icon={null} className="" />
      </dl>,
    );
    const amount = screen.getByRole('definition').querySelector('[data-amount]');
    expect(amount).toHaveAttribute('title', 'R$\u00a01.234.567,89');
    const [compact, full] = amount ? [...amount.children] : [];
    expect(compact?.textContent).toBe('R$\u00a01,2\u00a0mi');
    expect(compact).toHaveAttribute('aria-hidden', 'true');
    expect(compact).toHaveClass('lg:hidden');
    expect(full?.textContent).toBe('R$\u00a01.234.567,89');
    expect(full).toHaveClass('sr-only', 'lg:not-sr-only');
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
