import type { Supplier } from '@/lib/api/lookups';
import type { Database } from '@/lib/database.types';
import type { SupplierType } from '@/lib/labels';
import { supplierTypeLabels } from '@/lib/labels';

export type SupplierPayload = Omit<
  Database['public']['Tables']['suppliers']['Update'],
  'id' | 'company_id' | 'created_at' | 'updated_at' | 'is_active'
> & { name: string };

/** What the supplier forms hold while the user types (texts as typed, nothing trimmed yet). */
export interface SupplierFormValues {
  name: string;
  type: SupplierType | '';
  category: string;
  phone: string;
  email: string;
  address: string;
  document: string;
  website: string;
  notes: string;
  /** As typed: "4,5", "4.5" or "" (no rating). */
  rating: string;
  foundedOn: string | null;
}

export type SupplierField = keyof SupplierFormValues;

export const emptySupplierForm: SupplierFormValues = {
  name: '',
  type: '',
  category: '',
  phone: '',
  email: '',
  address: '',
  document: '',
  website: '',
  notes: '',
  rating: '',
  foundedOn: null,
};

/** SPEC §5: name, type, phone and email are required. */
export const REQUIRED_SUPPLIER_FIELDS = ['name', 'type', 'phone', 'email'] as const;

export function isSupplierType(value: string): value is SupplierType {
  return value in supplierTypeLabels;
}

export function missingSupplierFields(values: SupplierFormValues): SupplierField[] {
  return REQUIRED_SUPPLIER_FIELDS.filter((field) => values[field].trim() === '');
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim());
}

/** "" → null (no rating); "4,5" → 4.5; anything outside 0–5 or not a number → undefined. */
export function parseRating(text: string): number | null | undefined {
  const s = text.trim().replace(',', '.');
  if (s === '') return null;
  if (!/^\d(\.\d)?$/.test(s)) return undefined;
  const value = Number(s);
  return value >= 0 && value <= 5 ? value : undefined;
}

function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The row to write: texts trimmed, empty optional texts as null (SPEC §5). */
export function toSupplierPayload(values: SupplierFormValues): SupplierPayload {
  return {
    name: values.name.trim(),
    ...(isSupplierType(values.type) ? { type: values.type } : {}),
    category: textOrNull(values.category),
    phone: textOrNull(values.phone),
    email: textOrNull(values.email),
    address: textOrNull(values.address),
    document: textOrNull(values.document),
    website: textOrNull(values.website),
    notes: textOrNull(values.notes),
    rating: parseRating(values.rating) ?? null,
    founded_on: values.foundedOn ?? null,
  };
}

export function supplierToForm(supplier: Supplier): SupplierFormValues {
  return {
    name: supplier.name,
    type: isSupplierType(supplier.type) ? supplier.type : '',
    category: supplier.category ?? '',
    phone: supplier.phone ?? '',
    email: supplier.email ?? '',
    address: supplier.address ?? '',
    document: supplier.document ?? '',
    website: supplier.website ?? '',
    notes: supplier.notes ?? '',
    rating: supplier.rating == null ? '' : String(supplier.rating).replace('.', ','),
    foundedOn: supplier.founded_on,
  };
}

export function supplierTypeLabel(type: string): string {
  return isSupplierType(type) ? supplierTypeLabels[type] : type;
}

/** Search of the list: name, type (stored value or Portuguese label) or category. */
export function matchesSupplierSearch(supplier: Supplier, search: string): boolean {
  const needle = normalize(search.trim());
  if (needle === '') return true;
  return [supplier.name, supplier.type, supplierTypeLabel(supplier.type), supplier.category ?? '']
    .map(normalize)
    .some((text) => text.includes(needle));
}

/** Case- and accent-insensitive: "mao de obra" finds "Mão de Obra". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export const REQUIRED_FIELD_MESSAGE = 'Campo obrigatório';

/**
 * Field errors of a supplier form. `missing` lists the empty required fields (they get the spec's
 * "Campos obrigatórios" toast); other errors are format problems (email, rating, date).
 */
export function validateSupplierForm(values: SupplierFormValues): {
  missing: SupplierField[];
  errors: Partial<Record<SupplierField, string>>;
} {
  const missing = missingSupplierFields(values);
  const errors: Partial<Record<SupplierField, string>> = {};
  for (const field of missing) errors[field] = REQUIRED_FIELD_MESSAGE;
  if (!errors.email && !isValidEmail(values.email)) errors.email = 'Informe um email válido.';
  if (parseRating(values.rating) === undefined) errors.rating = 'Informe uma nota de 0 a 5.';
  if (values.foundedOn && !/^\d{4}-\d{2}-\d{2}$/.test(values.foundedOn)) {
    errors.foundedOn = 'Informe uma data válida.';
  }
  return { missing, errors };
}
