import type { ReactNode } from 'react';
import type { Control, ControllerRenderProps } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
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
import { supplierTypeLabels } from '@/lib/labels';
import { cn } from '@/lib/utils';
import type { SupplierInput, SupplierPayload } from '@/features/suppliers/api/create-supplier';

interface SupplierFieldsProps {
  control: Control<SupplierInput, unknown, SupplierPayload>;
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

type TextName = Exclude<keyof SupplierInput, 'type' | 'foundedOn'>;

/** The three sections of SPEC §2 "New supplier", shared by the new page and the edit dialog. */
export function SupplierFields({
  control,
  withCompanyDetails = false,
  sectionClassName,
  twoColumns = false,
}: SupplierFieldsProps) {
  const sectionClass = cn(
    twoColumns && 'lg:grid-cols-2 lg:[&>legend]:col-span-2',
    sectionClassName,
  );
  // col-span-2 only where the grid has two columns: in one column it would add an implicit one.
  const wide = twoColumns ? 'lg:col-span-2' : undefined;
  const text = (
    name: TextName,
    label: string,
    render: (field: ControllerRenderProps<SupplierInput, TextName>) => ReactNode,
    required = false,
    className?: string,
  ) => (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem required={required} className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>{render(field)}</FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <>
      <Section title="Informações Básicas" className={sectionClass}>
        {text(
          'name',
          'Nome do Fornecedor',
          (field) => (
            <Input {...field} maxLength={200} autoComplete="organization" />
          ),
          true,
          wide,
        )}
        <FormField
          control={control}
          name="type"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Tipo</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue placeholder="Selecione o tipo" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {Object.entries(supplierTypeLabels).map(([value, label]) => (
                    <SelectItem key={value} value={value}>
                      {label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        {text('category', 'Categoria', (field) => (
          <Input {...field} maxLength={100} placeholder="Ex: Cimento, Areia, Ferro" />
        ))}
      </Section>

      <Section title="Contato" className={sectionClass}>
        {text(
          'phone',
          'Telefone',
          (field) => (
            <Input
              {...field}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={40}
              placeholder="(11) 99999-9999"
            />
          ),
          true,
        )}
        {text(
          'email',
          'Email',
          (field) => (
            <Input
              {...field}
              type="email"
              autoComplete="email"
              maxLength={320}
              placeholder="contato@fornecedor.com.br"
            />
          ),
          true,
        )}
        {text(
          'address',
          'Endereço',
          (field) => (
            <Input {...field} maxLength={300} autoComplete="street-address" />
          ),
          false,
          wide,
        )}
      </Section>

      <Section title="Informações da Empresa" className={sectionClass}>
        {text('document', 'CNPJ', (field) => (
          <Input {...field} maxLength={30} inputMode="numeric" placeholder="00.000.000/0000-00" />
        ))}
        {text('website', 'Website', (field) => (
          <Input {...field} type="url" maxLength={300} placeholder="www.fornecedor.com.br" />
        ))}
        {withCompanyDetails ? (
          <>
            {text('rating', 'Avaliação (0 a 5)', (field) => (
              <Input {...field} inputMode="decimal" maxLength={3} placeholder="Ex: 4,5" />
            ))}
            <FormField
              control={control}
              name="foundedOn"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Data de Fundação</FormLabel>
                  <FormControl>
                    {/* A native date field: a founding date is often decades back, far for a calendar. */}
                    <Input
                      ref={field.ref}
                      name={field.name}
                      type="date"
                      value={field.value ?? ''}
                      max={todayLocal()}
                      onBlur={field.onBlur}
                      onChange={(event) => field.onChange(event.target.value || null)}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </>
        ) : null}
        {text(
          'notes',
          'Observações',
          (field) => (
            <Textarea {...field} maxLength={2000} rows={3} />
          ),
          false,
          wide,
        )}
      </Section>
    </>
  );
}
