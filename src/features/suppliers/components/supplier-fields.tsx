import type { ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { todayLocal } from '@/lib/dates';
import { supplierTypeLabels, type SupplierType } from '@/lib/labels';
import { cn } from '@/lib/utils';
import type { SupplierField, SupplierFormValues } from '@/features/suppliers/lib/supplier-form';

export type SupplierFieldErrors = Partial<Record<SupplierField, string>>;

interface SupplierFieldsProps {
  values: SupplierFormValues;
  onChange: <K extends SupplierField>(field: K, value: SupplierFormValues[K]) => void;
  errors: SupplierFieldErrors;
  /** The edit dialog also holds rating and founded date (company data of the detail screen). */
  withCompanyDetails?: boolean;
  /** Wraps each section, e.g. in a card on the page and plainly in a dialog. */
  sectionClassName?: string;
}

function Section({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={cn('grid gap-4', className)}>
      <legend className="mb-3 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The three sections of SPEC §2 "New supplier", shared by the new page and the edit dialog. */
export function SupplierFields({
  values,
  onChange,
  errors,
  withCompanyDetails = false,
  sectionClassName,
}: SupplierFieldsProps) {
  const text = (field: Exclude<SupplierField, 'type' | 'foundedOn'>) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });

  return (
    <>
      <Section title="Informações Básicas" className={sectionClassName}>
        <FormField label="Nome do Fornecedor" required error={errors.name}>
          <Input {...text('name')} maxLength={200} autoComplete="organization" />
        </FormField>
        <FormField label="Tipo" required error={errors.type}>
          {(control) => (
            <Select
              value={values.type}
              onValueChange={(value) => onChange('type', value as SupplierType)}
            >
              <SelectTrigger {...control}>
                <SelectValue placeholder="Selecione o tipo" />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(supplierTypeLabels).map(([value, label]) => (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField label="Categoria" error={errors.category}>
          <Input {...text('category')} maxLength={100} placeholder="Ex: Cimento, Areia, Ferro" />
        </FormField>
      </Section>

      <Section title="Contato" className={sectionClassName}>
        <FormField label="Telefone" required error={errors.phone}>
          <Input
            {...text('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={40}
            placeholder="(11) 99999-9999"
          />
        </FormField>
        <FormField label="Email" required error={errors.email}>
          <Input
            {...text('email')}
            type="email"
            autoComplete="email"
            maxLength={320}
            placeholder="contato@fornecedor.com.br"
          />
        </FormField>
        <FormField label="Endereço" error={errors.address}>
          <Input {...text('address')} maxLength={300} autoComplete="street-address" />
        </FormField>
      </Section>

      <Section title="Informações da Empresa" className={sectionClassName}>
        <FormField label="CNPJ" error={errors.document}>
          <Input
            {...text('document')}
            maxLength={30}
            inputMode="numeric"
            placeholder="00.000.000/0000-00"
          />
        </FormField>
        <FormField label="Website" error={errors.website}>
          <Input
            {...text('website')}
            type="url"
            maxLength={300}
            placeholder="www.fornecedor.com.br"
          />
        </FormField>
        {withCompanyDetails ? (
          <>
            <FormField label="Avaliação (0 a 5)" error={errors.rating}>
              <Input {...text('rating')} inputMode="decimal" maxLength={3} placeholder="Ex: 4,5" />
            </FormField>
            <FormField label="Data de Fundação" error={errors.foundedOn}>
              {/* A native date field: a founding date is often decades back, far for a calendar. */}
              <Input
                type="date"
                value={values.foundedOn ?? ''}
                max={todayLocal()}
                onChange={(event) => onChange('foundedOn', event.target.value || null)}
              />
            </FormField>
          </>
        ) : null}
        <FormField label="Observações" error={errors.notes}>
          <Textarea {...text('notes')} maxLength={2000} rows={3} />
        </FormField>
      </Section>
    </>
  );
}
