// The company's own fields, as Configurar Empresa, Nova empresa and Empresa take them: one schema,
// the same rules as the database's update_company (CPF/CNPJ check digits, CEP, UF), and values
// sent as the database stores them (document and CEP without their masks, UF in upper case).
import { z } from 'zod';
import { documentField, zipCodeField } from '@/lib/br-document-fields';
import { isStateCode } from '@/lib/br-documents';
import { optionalEmailField } from '@/lib/email';

export const companyFieldsShape = {
  name: z.string().trim().min(1, 'Informe o nome da empresa'),
  document: documentField,
  email: optionalEmailField,
  phone: z.string().trim(),
  address: z.string().trim(),
  city: z.string().trim(),
  state: z
    .string()
    .trim()
    .refine((value) => value === '' || isStateCode(value), 'UF inválida.')
    .transform((value) => value.toUpperCase()),
  zipCode: zipCodeField,
};

export type CompanyFieldsValues = z.input<z.ZodObject<typeof companyFieldsShape>>;

export const emptyCompanyFields: CompanyFieldsValues = {
  name: '',
  document: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
};

/** The company's fields as create_company and update_company take them (`p_name`…`p_zip_code`). */
export function companyFieldsArgs(values: z.output<z.ZodObject<typeof companyFieldsShape>>) {
  return {
    p_name: values.name,
    p_document: values.document,
    p_email: values.email,
    p_phone: values.phone,
    p_address: values.address,
    p_city: values.city,
    p_state: values.state,
    p_zip_code: values.zipCode,
  };
}
