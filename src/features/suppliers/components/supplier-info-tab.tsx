import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Supplier } from '@/lib/api/lookups';
import { formatDocument } from '@/lib/br-documents';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/lib/roles';
import { supplierTypeLabel } from '@/features/suppliers/lib/supplier-form';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm">{children ?? 'Não informado'}</dd>
    </div>
  );
}

function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/**
 * Informações: contact data and company data (incl. founded date and notes). An 'obra' member reads
 * neither contacts nor notes (the database does not give them): those parts are not shown.
 */
export function SupplierInfoTab({ supplier }: { supplier: Supplier }) {
  const showDetails = useCan()('viewSupplierDetails');
  return (
    <div className="grid gap-3">
      {showDetails ? (
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="text-base">Contato</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3">
              <Item label="Telefone">
                {supplier.phone ? (
                  <a className="underline-offset-4 hover:underline" href={`tel:${supplier.phone}`}>
                    {supplier.phone}
                  </a>
                ) : null}
              </Item>
              <Item label="Email">
                {supplier.email ? (
                  <a
                    className="underline-offset-4 hover:underline"
                    href={`mailto:${supplier.email}`}
                  >
                    {supplier.email}
                  </a>
                ) : null}
              </Item>
              <Item label="Endereço">{supplier.address}</Item>
              <Item label="Website">
                {supplier.website ? (
                  <a
                    className="text-primary underline-offset-4 hover:underline"
                    href={websiteHref(supplier.website)}
                    target="_blank"
                    rel="noreferrer noopener"
                  >
                    {supplier.website}
                  </a>
                ) : null}
              </Item>
            </dl>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="text-base">Empresa</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-3">
            <Item label="CNPJ">{supplier.document ? formatDocument(supplier.document) : null}</Item>
            <Item label="Tipo">{supplierTypeLabel(supplier.type)}</Item>
            <Item label="Categoria">{supplier.category}</Item>
            <Item label="Fundação">
              {supplier.founded_on ? formatDate(supplier.founded_on) : null}
            </Item>
            <Item label="Avaliação">
              {supplier.rating == null ? null : `${String(supplier.rating).replace('.', ',')} de 5`}
            </Item>
            <Item label="Situação">{supplier.is_active ? 'Ativo' : 'Inativo'}</Item>
          </dl>
          {showDetails ? (
            <dl className="mt-3">
              <Item label="Observações">
                {supplier.notes ? (
                  <span className="whitespace-pre-line">{supplier.notes}</span>
                ) : null}
              </Item>
            </dl>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
