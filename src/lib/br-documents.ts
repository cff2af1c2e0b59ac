// Brazilian company data as the database checks it (private.valid_br_document, update_company):
// CPF/CNPJ by their check digits, the alphanumeric CNPJ issued from July 2026 included, CEP of 8
// digits, UF one of the 27. The checks come from @brazilian-utils/brazilian-utils (zero
// dependencies, one module per function, so only these reach the chunks that import them).
import { formatCep as formatCepDigits } from '@brazilian-utils/brazilian-utils/format-cep';
import { formatCnpj } from '@brazilian-utils/brazilian-utils/format-cnpj';
import { formatCpf } from '@brazilian-utils/brazilian-utils/format-cpf';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';

/** The document as stored: the usual mask's punctuation and spaces dropped, upper case. */
export function documentCharacters(value: string): string {
  return value.replace(/[\s./-]/g, '').toUpperCase();
}

/** A CPF (11 digits) or CNPJ (14 characters) whose check digits hold; masked or not. */
export function isValidDocument(value: string): boolean {
  const bare = documentCharacters(value);
  if (bare.length === 11) return /^\d{11}$/.test(bare) && isValidCpf(bare);
  if (bare.length === 14) return isValidCnpj(bare, { version: 2 });
  return false;
}

/** "12.345.678/0001-95", "529.982.247-25"; anything else as it is. */
export function formatDocument(value: string): string {
  const bare = documentCharacters(value);
  if (bare.length === 11 && /^\d{11}$/.test(bare)) return formatCpf(bare);
  if (bare.length === 14 && /^[0-9A-Z]{12}\d{2}$/.test(bare)) {
    return formatCnpj(bare, { version: 2 });
  }
  return value;
}

/**
 * The document masked as it is typed: digits only up to 11 as a CPF (000.000.000-00), then, or
 * as soon as a letter comes (the alphanumeric CNPJ), as a CNPJ (00.000.000/0000-00), cut at its
 * 14 characters. Whatever is not a letter or a digit is dropped: the mask puts its own.
 */
export function maskDocumentTyping(value: string): string {
  const bare = value
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 14);
  if (bare.length <= 11 && /^\d*$/.test(bare)) return formatCpf(bare);
  return formatCnpj(bare, { version: 2 });
}

/** The CEP masked as it is typed (00000-000): its digits only, at most 8. */
export function maskCepTyping(value: string): string {
  return formatCepDigits(value.replace(/\D/g, '').slice(0, 8));
}

/** The CEP as stored: only its digits (spaces, dots and the hyphen dropped). */
export function cepDigits(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

export function isValidCep(value: string): boolean {
  return /^\d{8}$/.test(cepDigits(value));
}

/** "01310-100"; anything that is not a CEP as it is. */
export function formatCep(value: string): string {
  const digits = cepDigits(value);
  return /^\d{8}$/.test(digits) ? `${digits.slice(0, 5)}-${digits.slice(5)}` : value;
}

/** The 27 federative units, by name (the order of a select). */
export const BRAZILIAN_STATES = [
  ['AC', 'Acre'],
  ['AL', 'Alagoas'],
  ['AP', 'Amapá'],
  ['AM', 'Amazonas'],
  ['BA', 'Bahia'],
  ['CE', 'Ceará'],
  ['DF', 'Distrito Federal'],
  ['ES', 'Espírito Santo'],
  ['GO', 'Goiás'],
  ['MA', 'Maranhão'],
  ['MT', 'Mato Grosso'],
  ['MS', 'Mato Grosso do Sul'],
  ['MG', 'Minas Gerais'],
  ['PA', 'Pará'],
  ['PB', 'Paraíba'],
  ['PR', 'Paraná'],
  ['PE', 'Pernambuco'],
  ['PI', 'Piauí'],
  ['RJ', 'Rio de Janeiro'],
  ['RN', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul'],
  ['RO', 'Rondônia'],
  ['RR', 'Roraima'],
  ['SC', 'Santa Catarina'],
  ['SP', 'São Paulo'],
  ['SE', 'Sergipe'],
  ['TO', 'Tocantins'],
] as const;

export function isStateCode(value: string): boolean {
  const code = value.trim().toUpperCase();
  return BRAZILIAN_STATES.some(([uf]) => uf === code);
}
