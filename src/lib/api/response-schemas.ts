// Building blocks for parsing what the database's functions answer. Built on zod's mini build:
// these parsers load with the report, Movimentações and the account pages, and zod's classic build
// (≈ 24 kB gzip, not tree-shaken) stays in the form dialogs that need its chained API.
import * as z from 'zod/mini';
import { toCents } from '@/lib/money';

/** A numeric(14,2) amount (PostgREST sends a number, or a string inside json) in centavos. */
export const cents = z.pipe(
  z.union([z.number(), z.string()]),
  z.transform((value) => toCents(value)),
);

/** A count (bigint arrives as a number or a string). */
export const count = z.pipe(z.coerce.number(), z.int());
