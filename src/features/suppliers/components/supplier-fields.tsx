import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { optionsOf, SelectField } from '@/components/choice-fields';
import { FieldItem, NotesField, TextField } from '@/components/form-fields';
import { Input } from '@/components/ui/input';
import type { SupplierInput } from '@/features/suppliers/api/create-supplier';
import { maskDocumentTyping } from '@/lib/br-documents';
import { todayLocal } from '@/lib/dates';
import { supplierTypeLabels } from '@/lib/labels';
import { cn } from '@/lib/utils';

interface SupplierFieldsProps {
  /** The edit dialog also holds rating and founded date (company data of the detail screen). */
  withCompanyDetails?: boolean;
  /** Wraps each section, e.g. in a card on the page and plainly in a dialog. */
  sectionClassName?: string;
  /**
   * From lg (the office desktop) short fields two by two, long ones (name, address, notes) across
   * both columns: for the new-supplier page; the edit dialog is too narrow for it.
   */
  twoColumns?: boolean;
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

/**
 * The three sections of SPEC §2 "New supplier", shared by the new page and the edit dialog, inside
 * their `<Form {...form}>` over `SupplierInput`.
 */
export function SupplierFields({
  withCompanyDetails = false,
  sectionClassName,
  twoColumns = false,
}: SupplierFieldsProps) {
  const { control } = useFormContext<SupplierInput>();
  const sectionClass = cn(
    twoColumns && 'lg:grid-cols-2 lg:[&>legend]:col-span-2',
    sectionClassName,
  );
  // col-span-2 only where the grid has two columns: in one column it would add an implicit one.
  const wide = twoColumns ? 'lg:col-span-2' : undefined;

  return (
    <>
      <Section title="Informações Básicas" className={sectionClass}>
        <TextField
          control={control}
          name="name"
          label="Nome do Fornecedor"
          required
          className={wide}
          maxLength={200}
          autoComplete="organization"
        />
        <SelectField
          control={control}
          name="type"
          label="Tipo"
          required
          options={optionsOf(supplierTypeLabels)}
          placeholder="Selecione o tipo"
        />
        <TextField
          control={control}
          name="category"
          label="Categoria"
          maxLength={100}
          placeholder="Ex: Cimento, Areia, Ferro"
        />
      </Section>

      <Section title="Contato" className={sectionClass}>
        <TextField
          control={control}
          name="phone"
          label="Telefone"
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={40}
          placeholder="(11) 99999-9999"
        />
        <TextField
          control={control}
          name="email"
          label="Email"
          required
          type="email"
          autoComplete="email"
          maxLength={320}
          placeholder="contato@fornecedor.com.br"
        />
        <TextField
          control={control}
          name="address"
          label="Endereço"
          className={wide}
          maxLength={300}
          autoComplete="street-address"
        />
      </Section>

      <Section title="Informações da Empresa" className={sectionClass}>
        <TextField
          control={control}
          name="document"
          label="CNPJ"
          maxLength={30}
          // The CNPJ issued from July 2026 has letters: a numeric keyboard could not type it.
          inputMode="text"
          autoComplete="off"
          placeholder="00.000.000/0000-00"
          mask={maskDocumentTyping}
        />
        <TextField
          control={control}
          name="website"
          label="Website"
          type="url"
          maxLength={300}
          placeholder="www.fornecedor.com.br"
        />
        {withCompanyDetails ? (
          <>
            <TextField
              control={control}
              name="rating"
              label="Avaliação (0 a 5)"
              inputMode="decimal"
              maxLength={3}
              placeholder="Ex: 4,5"
            />
            <FieldItem control={control} name="foundedOn" label="Data de Fundação">
              {(field) => (
                // A native date field: a founding date is often decades back, far for a calendar.
                <Input
                  ref={field.ref}
                  name={field.name}
                  type="date"
                  value={(field.value as string | null) ?? ''}
                  max={todayLocal()}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value || null)}
                />
              )}
            </FieldItem>
          </>
        ) : null}
        <NotesField control={control} name="notes" className={wide} />
      </Section>
    </>
  );
}
