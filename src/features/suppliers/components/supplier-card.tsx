import { FileText, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import type { Supplier } from '@/lib/api/lookups';
import { cn } from '@/lib/utils';
import { supplierTypeLabel } from '@/features/suppliers/lib/supplier-form';

/** One supplier of the list; the whole card opens /fornecedores/{id}. */
export function SupplierCard({ supplier }: { supplier: Supplier }) {
  return (
    <Link
      to={`/fornecedores/${supplier.id}`}
      className={cn(
        'block rounded-lg border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        !supplier.is_active && 'opacity-70',
      )}
    >
      <h2 className="font-semibold leading-snug">{supplier.name}</h2>
      <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
        <Badge variant={supplier.is_active ? 'success' : 'secondary'}>
          {supplier.is_active ? 'Ativo' : 'Inativo'}
        </Badge>
        <Badge variant="outline">{supplierTypeLabel(supplier.type)}</Badge>
        {supplier.category ? (
          <span className="text-sm text-muted-foreground">{supplier.category}</span>
        ) : null}
      </div>
      <dl className="mt-3 grid gap-1.5 text-sm text-muted-foreground">
        {supplier.phone ? (
          <div className="flex items-center gap-2">
            <dt>
              <Phone className="size-4" aria-hidden="true" />
              <span className="sr-only">Telefone</span>
            </dt>
            <dd>{supplier.phone}</dd>
          </div>
        ) : null}
        {supplier.email ? (
          <div className="flex items-center gap-2">
            <dt>
              <Mail className="size-4" aria-hidden="true" />
              <span className="sr-only">Email</span>
            </dt>
            <dd className="min-w-0 truncate">{supplier.email}</dd>
          </div>
        ) : null}
        {supplier.address ? (
          <div className="flex items-center gap-2">
            <dt>
              <MapPin className="size-4" aria-hidden="true" />
              <span className="sr-only">Endereço</span>
            </dt>
            <dd className="min-w-0 truncate">{supplier.address}</dd>
          </div>
        ) : null}
        {supplier.notes ? (
          <div className="flex items-start gap-2">
            <dt>
              <FileText className="mt-0.5 size-4" aria-hidden="true" />
              <span className="sr-only">Observações</span>
            </dt>
            <dd className="line-clamp-2 min-w-0">{supplier.notes}</dd>
          </div>
        ) : null}
      </dl>
    </Link>
  );
}
