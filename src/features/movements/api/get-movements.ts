import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { orNull } from '@/lib/api/response-schemas';
import { ENTRY_ROW_COLUMNS, entrySplit, toEntryWithSplit } from '@/lib/entries';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import {
  toMovementArgs,
  type MovementArgs,
  type MovementFilters,
  type MovementStatus,
} from '@/features/movements/lib/movement-filters';
import type {
  Movement,
  MovementItem,
  MovementPart,
  TransferMovement,
} from '@/features/movements/lib/movements-csv';
import { toCents } from '@/lib/money';
import { toSqlOrder, type ListSort } from '@/lib/list-order';

export const MOVEMENTS_PAGE_SIZE = 50;
/**
 * A phone's page: its cards fill a few screens, and the first page is the screen's largest answer
 * (issue 35: 50 rows of a company with a long history, a third of them split, were 62 kB of JSON,
 * most of Movimentações' first paint on a slow phone network, docs/performance.md).
 */
export const MOVEMENTS_PHONE_PAGE_SIZE = 20;

/**
 * What the lists show of a row (a phone's cards, MovementRow and TransferRow; the desktop's table,
 * MovementsTable), and no more: a split entry's parts are only "Rateio (N)" and their obras' names
 * there (part_count, part_project_names), the parts themselves are the CSV's. The first page is
 * Movimentações' LCP on a phone (issue 35): with the parts and the ids, dates and figures no list
 * shows, 20 cards of a company with a long history were ≈ 25 kB of JSON. A row read with these
 * has null projectId, categoryId, bankAccountId, toAccountId, installments and createdAt, and
 * paidCents 0: show one of them in a list and add its column here.
 */
export const MOVEMENT_LIST_COLUMNS =
  'row_type, kind, id, description, amount, due_date, status, settled_on, counterparty_name, project_name, category_name, category_color, bank_account_name, document_count, movement_date, display_status, paid_total, open_amount, display_amount, to_account_name, reversed, reversed_on, part_count, part_project_names';

/** Every column, the parts included: the CSV export's (getMovementsPage's withParts). */
export const MOVEMENT_COLUMNS = `row_type, ${ENTRY_ROW_COLUMNS}, movement_date, display_status, paid_total, open_amount, display_amount, to_account_id, to_account_name, reversed, reversed_on, signed_amount, part_count, part_project_names`;

// The generated types call every column of a `returns table` function non-null; the view's columns
// (names of a missing supplier, category, obra or account) are nullable in fact.
const text = orNull(z.string());
const number = orNull(z.number());
// A split entry's part as search_movements returns it (figures apportioned by the database).
const movementPart = z.object({
  project_id: text,
  project_name: text,
  stage_name: text,
  category_id: text,
  category_name: text,
  amount: z.number(),
  paid_total: z.number(),
  open_amount: z.number(),
  display_amount: z.number(),
  match: z.boolean(),
});
const movementRow = z.object({
  row_type: text,
  kind: text,
  id: text,
  description: text,
  amount: number,
  paid_amount: number,
  open_amount: number,
  due_date: text,
  status: text,
  settled_on: text,
  counterparty_name: text,
  project_id: text,
  project_name: text,
  category_id: text,
  category_name: text,
  category_color: text,
  bank_account_id: text,
  bank_account_name: text,
  installment_number: number,
  installment_count: number,
  created_at: text,
  movement_date: text,
  display_status: text,
  paid_total: number,
  display_amount: number,
  to_account_id: text,
  to_account_name: text,
  reversed: orNull(z.boolean()),
  reversed_on: text,
  signed_amount: number,
  document_count: number,
  parts: z.optional(orNull(z.array(movementPart))),
  part_count: z.optional(number),
  part_project_names: z.optional(orNull(z.array(text))),
});
/** A row of search_movements as this module reads it (the movements feature's tests build them). */
export type MovementRow = z.output<typeof movementRow>;
const movementRows = z.array(movementRow);

function toStatus(value: string | null): MovementStatus {
  return value === 'paid' || value === 'overdue' ? value : 'open';
}

function toTransfer(row: MovementRow): TransferMovement {
  if (!row.id || row.amount == null || !row.movement_date) {
    throw new RangeError('Linha incompleta de transferência');
  }
  return {
    rowType: 'transfer',
    id: row.id,
    description: row.description ?? 'Transferência',
    amountCents: toCents(row.amount),
    movementDate: row.movement_date,
    fromAccountId: row.bank_account_id,
    fromAccountName: row.bank_account_name,
    toAccountId: row.to_account_id,
    toAccountName: row.to_account_name,
    reversed: row.reversed === true,
    reversedOn: row.reversed_on,
  };
}

export function toMovement(row: MovementRow): MovementItem {
  if (row.row_type === 'transfer') return toTransfer(row);
  // A list's row names the parts' obras (part_project_names); the export's has the parts too.
  const entry = toEntryWithSplit(
    row,
    row.part_count
      ? { partCount: row.part_count, projectNames: row.part_project_names ?? [] }
      : entrySplit(row.parts),
  );
  const paidTotalCents = toCents(row.paid_total ?? 0);
  const openCents = toCents(row.open_amount ?? 0);
  const movement: Movement = {
    ...entry,
    rowType: 'entry',
    movementDate: row.movement_date ?? entry.settledOn ?? entry.dueDate,
    displayStatus: toStatus(row.display_status),
    paidTotalCents,
    openCents,
    displayCents: row.display_amount == null ? entry.amountCents : toCents(row.display_amount),
    parts:
      row.parts?.map((part): MovementPart => ({
        projectId: part.project_id,
        projectName: part.project_name,
        stageName: part.stage_name,
        categoryId: part.category_id,
        categoryName: part.category_name,
        amountCents: toCents(part.amount),
        paidTotalCents: toCents(part.paid_total),
        openCents: toCents(part.open_amount),
        displayCents: toCents(part.display_amount),
        match: part.match,
      })) ?? null,
  };
  return movement;
}

export interface MovementsPage {
  movements: MovementItem[];
  /** The offset of the next page; null at the end. Nothing is counted: counting is reading the whole history. */
  next: number | null;
}

/**
 * One page of search_movements: latest movement first, or in `sort`'s order (the desktop table).
 * `limit` lets the CSV export read bigger chunks. Every order is paged by the function itself
 * (p_order, p_limit/p_offset, one row more than the page to know whether there is a next one), so
 * a page never sorts nor counts the company's whole history in PostgREST. The lists' columns
 * (MOVEMENT_LIST_COLUMNS), or with `withParts` every column and the split entries' parts (the CSV).
 */
export async function getMovementsPage(
  args: MovementArgs,
  offset: number,
  {
    limit = MOVEMENTS_PAGE_SIZE,
    signal,
    sort,
    withParts = false,
  }: { limit?: number; signal?: AbortSignal; sort?: ListSort; withParts?: boolean } = {},
): Promise<MovementsPage> {
  let request = supabase
    .rpc('search_movements', {
      ...args,
      ...(sort ? { p_order: toSqlOrder(sort) } : {}),
      p_limit: limit + 1,
      p_offset: offset,
    })
    // Parsed below (movementRows): the two selects need not be typed apart.
    .select<string, unknown>(withParts ? MOVEMENT_COLUMNS : MOVEMENT_LIST_COLUMNS);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const rows = movementRows.parse(data);
  return {
    movements: rows.slice(0, limit).map(toMovement),
    next: rows.length > limit ? offset + limit : null,
  };
}

export function movementsQuery(
  companyId: string,
  filters: MovementFilters,
  today: string,
  { sort, pageSize = MOVEMENTS_PAGE_SIZE }: { sort?: ListSort | undefined; pageSize?: number } = {},
) {
  const args = toMovementArgs(companyId, filters, today);
  return infiniteQueryOptions({
    queryKey: entryKeys.movements(companyId, { ...args, sort, pageSize }),
    queryFn: ({ pageParam, signal }) =>
      getMovementsPage(args, pageParam, { signal, sort, limit: pageSize }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next,
  });
}

/**
 * Movimentações, filtered, ordered and paged on the server ("Carregar mais" loads the next page in
 * the same order): 50 rows a page on the desktop's table, 20 on a phone's cards.
 */
export function useMovements(filters: MovementFilters, sort?: ListSort, pageSize?: number) {
  const { id } = useCurrentCompany();
  return useInfiniteQuery({
    ...movementsQuery(id, filters, todayLocal(), { sort, pageSize }),
    placeholderData: keepPreviousData,
  });
}
