import { Building2, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { empresa } from '@/components/more-links';
import { Card, CardContent } from '@/components/ui/card';

/** Preferências → Empresa (admins only: the page and the database refuse the others). */
export function CompanyLinkCard() {
  return (
    <Card>
      <CardContent className="p-0">
        <Link
          to={empresa.to}
          className="flex min-h-14 items-center gap-3 rounded-lg px-4 py-3 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Building2 className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="grid flex-1 gap-0.5">
            <span className="font-medium">Empresa</span>
            <span className="text-sm text-muted-foreground">
              CNPJ/CPF, endereço e aprovação de lançamentos de obra
            </span>
          </span>
          <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}
