// The Fluxo de caixa previsto table: the projection's days grouped by calendar week (Sunday to
// Saturday, as Brazilian calendars and date-fns' ptBR locale count them).
import { startOfWeek } from 'date-fns';
import { parseIsoDate, toIsoDate } from '@/lib/dates';
import type { CashFlowDay } from '@/lib/cash-flow';

export interface CashFlowWeek {
  /** The first day of the week that is in the projection (the first week may start mid-week). */
  start: string;
  end: string;
  incomeCents: number;
  expenseCents: number;
  /** Projected balance at the end of the week's last projected day. */
  closingCents: number;
}

function weekKey(date: string): string {
  const day = parseIsoDate(date);
  if (!day) throw new Error(`not a date: ${date}`);
  return toIsoDate(startOfWeek(day, { weekStartsOn: 0 }));
}

export function groupByWeek(days: readonly CashFlowDay[]): CashFlowWeek[] {
  const weeks: CashFlowWeek[] = [];
  let key: string | null = null;
  for (const day of days) {
    const k = weekKey(day.date);
    const current = weeks.at(-1);
    if (k !== key || !current) {
      key = k;
      weeks.push({
        start: day.date,
        end: day.date,
        incomeCents: day.incomeCents,
        expenseCents: day.expenseCents,
        closingCents: day.balanceCents,
      });
    } else {
      current.end = day.date;
      current.incomeCents += day.incomeCents;
      current.expenseCents += day.expenseCents;
      current.closingCents = day.balanceCents;
    }
  }
  return weeks;
}
