// Dates in words, with date-fns and its pt-BR locale. A module of its own: the locale and
// date-fns' formatter weigh ~13 kB gzip, and a module travels whole into whichever chunk uses it,
// so keeping this out of src/lib/dates.ts keeps it out of home's first load.
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { parseIsoDate, type IsoDate } from '@/lib/dates';

/** Formats with the pt-BR locale, e.g. formatDateWith('2025-01-31', "d 'de' MMMM") → '31 de janeiro'. */
export function formatDateWith(value: IsoDate, pattern: string): string {
  const date = parseIsoDate(value);
  return date ? format(date, pattern, { locale: ptBR }) : '';
}
