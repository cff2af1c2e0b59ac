import type { FieldErrors } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { matchesSearchText } from '@/lib/search-text';
import type { Supplier } from '@/lib/api/lookups';
import type { SupplierType } from '@/lib/labels';
import { supplierTypeLabels } from '@/lib/labels';
import { REQUIRED_FIELD_MESSAGE } from '@/features/suppliers/api/create-supplier';

export function isSupplierType(value: string): value is SupplierType {
  return value in supplierTypeLabels;
}

export function supplierTypeLabel(type: string): string {
  return isSupplierType(type) ? supplierTypeLabels[type] : type;
}

/** Search of the list: name, type (stored value or Portuguese label) or category. */
export function matchesSupplierSearch(supplier: Supplier, search: string): boolean {
  // Case- and accent-insensitive: "mao de obra" finds "Mão de Obra".
  return matchesSearchText(search, [
    supplier.name,
    supplier.type,
    supplierTypeLabel(supplier.type),
    supplier.category,
  ]);
}

/**
 * The toast of a refused supplier form (the fields show the schema's messages): an empty required
 * field gives the spec's "Campos obrigatórios"; otherwise `invalidTitle` with the first message.
 */
export function toastSupplierFormErrors(errors: FieldErrors, invalidTitle: string) {
  const messages = Object.values(errors)
    .map((error) => error?.message)
    .filter((message): message is string => typeof message === 'string');
  if (messages.includes(REQUIRED_FIELD_MESSAGE)) {
    toast.error('Campos obrigatórios', {
      description: 'Por favor, preencha todos os campos obrigatórios.',
    });
  } else if (messages[0] !== undefined) {
    toast.error(invalidTitle, { description: messages[0] });
  }
}
