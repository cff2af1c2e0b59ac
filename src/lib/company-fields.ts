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
