// The CPF/CNPJ and CEP fields of every register (company, supplier, client): one rule and one
// message, the company's, checked by their digits (src/lib/br-documents.ts) and sent as the
// database stores them, without the mask.
import { z } from 'zod';
import { cepDigits, documentCharacters, isValidCep, isValidDocument } from '@/lib/br-documents';

export const INVALID_DOCUMENT_MESSAGE = 'CNPJ/CPF inválido.';
export const INVALID_CEP_MESSAGE = 'CEP inválido.';

/** Optional CPF/CNPJ, masked or not; '' when blank, else its bare characters. */
export const documentField = z
  .string()
  .trim()
  .refine((value) => value === '' || isValidDocument(value), INVALID_DOCUMENT_MESSAGE)
  .transform(documentCharacters);

/** Optional CEP, masked or not; '' when blank, else its 8 digits. */
export const zipCodeField = z
  .string()
  .trim()
  .refine((value) => value === '' || isValidCep(value), INVALID_CEP_MESSAGE)
  .transform(cepDigits);
