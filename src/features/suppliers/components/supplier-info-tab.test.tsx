import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Supplier } from '@/lib/api/lookups';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import type { Role } from '@/lib/roles';
import { SupplierInfoTab } from '@/features/suppliers/components/supplier-info-tab';

const supplier: Supplier = {
  id: '33333333-3333-4333-8333-333333333333',
  company_id: '11111111-1111-4111-8111-111111111111',
  name: 'Casa do Cimento',
  type: 'materiais',
  category: 'Cimento',
  phone: '(11) 3333-4444',
  email: 'vendas@cimento.com.br',
  address: 'Rua A, 10',
  document: '11222333000181',
  website: null,
  notes: 'Paga na entrega',
  rating: null,
  founded_on: null,
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  import_batch_id: null,
};

function renderAs(role: Role, shown: Supplier) {
  const company: CurrentCompany = {
    id: supplier.company_id,
    name: 'Construtora Teste',
    role,
    userId: '22222222-2222-4222-8222-222222222222',
    email: 'paula@example.com',
    fullName: 'Paula',
  };
  render(
    <CurrentCompanyContext.Provider value={company}>
      <SupplierInfoTab supplier={shown} />
    </CurrentCompanyContext.Provider>,
  );
}

describe('SupplierInfoTab', () => {
  it('shows contacts and notes to the office', () => {
    renderAs('leitura', supplier);
    expect(screen.getByText('Contato')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(11) 3333-4444' })).toBeInTheDocument();
    expect(screen.getByText('Paga na entrega')).toBeInTheDocument();
  });

  it("shows an 'obra' member the name's company data only, without empty contact fields", () => {
    // What the database gives an 'obra' member: no details (issue 31).
    renderAs('obra', {
      ...supplier,
      phone: null,
      email: null,
      address: null,
      website: null,
      notes: null,
    });
    expect(screen.queryByText('Contato')).not.toBeInTheDocument();
    expect(screen.queryByText('Telefone')).not.toBeInTheDocument();
    expect(screen.queryByText('Observações')).not.toBeInTheDocument();
    expect(screen.getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(screen.getByText('Cimento')).toBeInTheDocument();
  });
});
