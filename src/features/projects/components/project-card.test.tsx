import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ProjectOverview } from '@/features/projects/api/get-projects-overview';
import { ProjectCard } from '@/features/projects/components/project-card';

function project(spentCents: number, committedCents: number): ProjectOverview {
  return {
    id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
    company_id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
    name: 'Casa 001',
    address: null,
    client_name: 'Helena',
    description: null,
    budget: 100_000,
    budgetCents: 10_000_000,
    spentCents,
    committedCents,
    stageProgress: 0,
    completion_percentage: 0,
    start_date: null,
    end_date: null,
    priority: 'medium',
    status: 'em_andamento',
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    import_batch_id: null,
  };
}

function renderCard(p: ProjectOverview) {
  render(
    <MemoryRouter>
      <ProjectCard project={p} />
    </MemoryRouter>,
  );
}

describe('ProjectCard budget warning', () => {
  it('spent above 90 % of the budget shows the spec’s words', () => {
    renderCard(project(9_500_000, 0));
    expect(screen.getByRole('status')).toHaveTextContent(/^Atenção: Gasto próximo do orçamento$/);
  });

  it('the pending bills’ part is a second line, not a rewording of the spec’s warning', () => {
    renderCard(project(9_500_000, 1_000_000));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Atenção: Gasto próximo do orçamento');
    expect(status).toHaveTextContent('Gasto + comprometido acima de 100 % do orçamento');
  });

  it('only comprometido above 90 %: no spec warning, the commitment line alone', () => {
    renderCard(project(1_000_000, 8_500_000));
    const status = screen.getByRole('status');
    expect(status).not.toHaveTextContent('Gasto próximo');
    expect(status).toHaveTextContent(/^Gasto \+ comprometido acima de 90 % do orçamento$/);
  });

  it('below 90 % says nothing', () => {
    renderCard(project(9_000_000, 0));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
