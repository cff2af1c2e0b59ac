import type { Client } from '@/lib/api/lookups';
import type { Database } from '@/lib/database.types';

export type ClientPayload = Omit<
  Database['public']['Tables']['clients']['Update'],
  'id' | 'company_id' | 'created_at' | 'updated_at' | 'is_active'
> & { name: string };

export interface ClientFormValues {
  name: string;
  document: string;
  phone: string;
  email: string;
  address: string;
  notes: string;
}

export type ClientField = keyof ClientFormValues;

export const emptyClientForm: ClientFormValues = {
  name: '',
  document: '',
  phone: '',
  email: '',
  address: '',
  notes: '',
};

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Name is required; an email, when given, must look like one. */
export function validateClientForm(values: ClientFormValues): {
  missing: ClientField[];
  errors: Partial<Record<ClientField, string>>;
} {
  const missing: ClientField[] = values.name.trim() === '' ? ['name'] : [];
  const errors: Partial<Record<ClientField, string>> = {};
  if (missing.length > 0) errors.name = 'Campo obrigatório';
  if (values.email.trim() !== '' && !EMAIL_RE.test(values.email.trim())) {
    errors.email = 'Informe um email válido.';
  }
  return { missing, errors };
}

function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function toClientPayload(values: ClientFormValues): ClientPayload {
  return {
    name: values.name.trim(),
    document: textOrNull(values.document),
    phone: textOrNull(values.phone),
    email: textOrNull(values.email),
    address: textOrNull(values.address),
    notes: textOrNull(values.notes),
  };
}

export function clientToForm(client: Client): ClientFormValues {
  return {
    name: client.name,
    document: client.document ?? '',
    phone: client.phone ?? '',
    email: client.email ?? '',
    address: client.address ?? '',
    notes: client.notes ?? '',
  };
}

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Search by name, document, email or phone; case- and accent-insensitive. */
export function matchesClientSearch(client: Client, search: string): boolean {
  const needle = normalize(search.trim());
  if (needle === '') return true;
  return [client.name, client.document, client.email, client.phone]
    .filter((text): text is string => !!text)
    .some((text) => normalize(text).includes(needle));
}
