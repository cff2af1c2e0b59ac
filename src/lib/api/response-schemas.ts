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

/** A numeric(14,2) amount as sent (number, or string inside json), for code that converts later. */
export const amount = z.union([z.number(), z.string()]);

/**
 * A column the generated types call non-null but SQL leaves null (names of a missing category, obra
 * or account in a `returns table` function): null or absent both read as null.
 */
export function orNull<T extends z.core.SomeType>(schema: T) {
  return z.pipe(
    z.nullish(schema),
    z.transform((value): z.output<T> | null => value ?? null),
  );
}

/** What remove_bank_account / remove_category answer: gone, or kept inactive because it is used. */
export const removeOutcome = z.enum(['deleted', 'archived']);

/** A function that answers the id of what it wrote (a uuid, as text). */
export const returnedId = z.string();

/** The row a create_* function answers, as far as the screens use it: its id and name. */
export const namedRow = z.object({ id: z.string(), name: z.string() });
