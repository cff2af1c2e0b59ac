import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { LazyNewCompanyDialog } from '@/components/lazy-new-company-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FixedSelect } from '@/components/pickers/option-select';
import { useCompanySwitcher } from '@/lib/company-switcher';
import { useCurrentCompany } from '@/lib/current-company';
import { roleLabels } from '@/lib/labels';

/** The company being worked in; a user of several companies switches here. */
export function CompanySwitcherCard() {
  const company = useCurrentCompany();
  const { companies, switchCompany } = useCompanySwitcher();
  const [creating, setCreating] = useState(false);

  return (
    <Card>
      <CardContent className="grid gap-3 pt-4">
        <div className="flex items-center gap-3">
          <div className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Building2 className="size-5" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <p className="truncate font-semibold">{company.name}</p>
            <p className="truncate text-sm text-muted-foreground">
              {company.fullName} · {roleLabels[company.role]}
            </p>
          </div>
        </div>
        {companies.length > 1 ? (
          <div className="grid gap-2">
            <label htmlFor="company-switcher" className="text-sm font-medium">
              Trocar de empresa
            </label>
            <FixedSelect
              id="company-switcher"
              value={company.id}
              onChange={switchCompany}
              options={companies.map((c) => ({ value: c.id, label: c.name }))}
            />
          </div>
        ) : null}
        <Button
          variant="outline"
          className="justify-self-start"
          onPointerEnter={LazyNewCompanyDialog.preload}
          onFocus={LazyNewCompanyDialog.preload}
          onClick={() => setCreating(true)}
        >
          <Plus aria-hidden="true" />
          Nova empresa
        </Button>
        <LazyNewCompanyDialog open={creating} onOpenChange={setCreating} />
      </CardContent>
    </Card>
  );
}
