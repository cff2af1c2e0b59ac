// The company's fields shared by Configurar Empresa, Nova empresa and Empresa (three features):
// labels, limits and controls once, read from the surrounding form (a react-hook-form over a
// schema built from companyFieldsShape); each screen places them in its own layout.
import { useFormContext } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input, inputClassName } from '@/components/ui/input';
import {
  BRAZILIAN_STATES,
  formatCep,
  formatDocument,
  isStateCode,
  maskCepTyping,
  maskDocumentTyping,
} from '@/lib/br-documents';
import type { CompanyFieldsValues } from '@/lib/company-fields';
import { maskChangeEvent } from '@/lib/input-mask';
import { cn } from '@/lib/utils';

type TextField = Exclude<keyof CompanyFieldsValues, 'name' | 'state'>;

const textFields: {
  field: TextField;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'numeric' | 'email' | 'text';
  placeholder?: string;
  /** the column's limit in the database (docs/contracts.md, "Text limits") */
  maxLength: number;
  /** masked as typed, and once the field is left (a value saved before the mask, made whole) */
  mask?: { typing: (value: string) => string; saved: (value: string) => string };
  wide?: boolean;
}[] = [
  {
    field: 'document',
    label: 'CNPJ/CPF',
    // The CNPJ issued from July 2026 has letters: a numeric keyboard could not type it.
    inputMode: 'text',
    autoComplete: 'off',
    placeholder: '00.000.000/0000-00',
    maxLength: 30,
    mask: { typing: maskDocumentTyping, saved: formatDocument },
  },
  {
    field: 'phone',
    label: 'Telefone',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    placeholder: '(00) 00000-0000',
    maxLength: 40,
  },
  {
    field: 'email',
    label: 'Email da empresa',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    maxLength: 320,
    wide: true,
  },
  {
    field: 'address',
    label: 'Endereço',
    autoComplete: 'street-address',
    maxLength: 300,
    wide: true,
  },
  {
    field: 'zipCode',
    label: 'CEP',
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    placeholder: '00000-000',
    maxLength: 20,
    mask: { typing: maskCepTyping, saved: formatCep },
  },
  { field: 'city', label: 'Cidade', autoComplete: 'address-level2', maxLength: 120 },
];

/** "Nome da empresa" (required). */
export function CompanyNameField({ disabled = false }: { disabled?: boolean }) {
  const { control } = useFormContext<CompanyFieldsValues>();
  return (
    <FormField
      control={control}
      name="name"
      render={({ field }) => (
        <FormItem required>
          <FormLabel>Nome da empresa</FormLabel>
          <FormControl>
            <Input
              {...field}
              autoComplete="organization"
              maxLength={200}
              required
              disabled={disabled}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** CNPJ/CPF, e-mail, telefone, endereço, cidade, UF (a select of the 27) and CEP, all optional. */
export function CompanyDetailFields({ disabled = false }: { disabled?: boolean }) {
  const { control } = useFormContext<CompanyFieldsValues>();
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {textFields.map(
        ({
          field: name,
          label,
          type,
          autoComplete,
          inputMode,
          placeholder,
          maxLength,
          mask,
          wide,
        }) => (
          <FormField
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <FormItem className={wide ? 'sm:col-span-2' : undefined}>
                <FormLabel>{label}</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    type={type}
                    autoComplete={autoComplete}
                    inputMode={inputMode}
                    placeholder={placeholder}
                    maxLength={maxLength}
                    disabled={disabled}
                    onChange={(event) =>
                      field.onChange(mask ? maskChangeEvent(event, mask.typing) : event)
                    }
                    onBlur={() => {
                      if (mask) field.onChange(mask.saved(field.value.trim()));
                      field.onBlur();
                    }}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        ),
      )}
      <FormField
        control={control}
        name="state"
        render={({ field }) => (
          <FormItem>
            <FormLabel>UF</FormLabel>
            <FormControl>
              {/* Native: the phone's own picker, and no Radix Select code in the setup page. */}
              <select
                {...field}
                value={isStateCode(field.value) ? field.value.trim().toUpperCase() : field.value}
                autoComplete="address-level1"
                disabled={disabled}
                className={cn(inputClassName, 'pr-2')}
              >
                <option value="">Não informada</option>
                {/* A value saved before UFs were checked stays visible (and is refused on save). */}
                {field.value && !isStateCode(field.value) ? (
                  <option value={field.value}>{field.value}</option>
                ) : null}
                {BRAZILIAN_STATES.map(([uf, name]) => (
                  <option key={uf} value={uf}>
                    {uf} – {name}
                  </option>
                ))}
              </select>
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}
