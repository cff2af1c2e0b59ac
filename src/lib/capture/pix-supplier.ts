// Which registered supplier a PIX code pays: the one whose CNPJ/CPF, e-mail or phone is the code's
// key (suppliers have no PIX key field; a key is one of those in practice), else the one with the
// receiver's name (the BR Code's name is upper case without accents, at most 25 characters). An
// 'obra' member's list holds no e-mail, phone or CPF (supplier_details, issue 31): for it a key
// matches a CNPJ only, and the receiver's name finds the rest.

interface SupplierLike {
  id: string;
  name: string;
  document?: string | null;
  email?: string | null;
  phone?: string | null;
}

function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('pt-BR')
    .replace(/\s+/g, ' ')
    .trim();
}

const digits = (text: string) => text.replace(/\D/g, '');

/** A phone as a PIX key (+5511987654321) and as typed (11 98765-4321) compared by their last digits. */
function samePhone(key: string, phone: string): boolean {
  const a = digits(key).replace(/^55(?=\d{10,11}$)/, '');
  const b = digits(phone).replace(/^55(?=\d{10,11}$)/, '');
  return a.length >= 10 && a === b;
}

export function matchPixSupplier<T extends SupplierLike>(
  suppliers: readonly T[],
  pix: { key: string | null; merchantName: string },
): T | undefined {
  const key = pix.key?.trim() ?? '';
  if (key !== '') {
    const byKey = suppliers.find((s) => {
      if (s.document && /^\d{11}$|^\d{14}$/.test(digits(key)) && !key.includes('@')) {
        if (digits(s.document) === digits(key) && !key.startsWith('+')) return true;
      }
      if (s.email && key.includes('@') && plain(s.email) === plain(key)) return true;
      if (s.phone && key.startsWith('+') && samePhone(key, s.phone)) return true;
      return false;
    });
    if (byKey) return byKey;
  }
  const name = plain(pix.merchantName);
  if (name === '') return undefined;
  return (
    suppliers.find((s) => plain(s.name) === name) ??
    // The BR Code cuts the name at 25 characters.
    (name.length >= 25 ? suppliers.find((s) => plain(s.name).startsWith(name)) : undefined)
  );
}
