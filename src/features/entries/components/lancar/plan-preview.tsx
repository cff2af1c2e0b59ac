import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { planSchedule } from '@/features/entries/lib/entry-rows';
import { lancarFormSchema, type LancarFormValues } from '@/features/entries/api/create-entries';
import { initialLancarForm, lancarPlan } from '@/features/entries/lib/lancar-form';

const SHOWN = 6;

/** What "Salvar" will create: the dates (and, for installments, the value of each part). */
type PlanFields =
  'amountCents' | 'dueDate' | 'recurrence' | 'occurrences' | 'installments' | 'installmentCount';

export function PlanPreview({ form }: { form: Pick<LancarFormValues, PlanFields> }) {
  const plan = lancarPlan(form);
  if (
    !plan ||
    plan.type === 'single' ||
    !form.dueDate ||
    form.amountCents === null ||
    form.amountCents <= 0
  ) {
    return null;
  }
  const counts = lancarFormSchema.safeParse({ ...initialLancarForm, ...form, settle: false });
  const countError = counts.error?.issues.some(
    (issue) => issue.path[0] === 'occurrences' || issue.path[0] === 'installmentCount',
  );
  if (countError) return null;

  const schedule = planSchedule(form.amountCents, form.dueDate, plan);
  const installments = plan.type === 'installments';
  return (
    <div className="grid gap-1 rounded-md bg-muted p-3 text-sm" aria-live="polite">
      <p className="font-medium">
        {installments
          ? `${schedule.length} parcelas mensais (total ${formatCurrency(form.amountCents)})`
          : `Serão criados ${schedule.length} lançamentos de ${formatCurrency(form.amountCents)}`}
      </p>
      <ul className="grid gap-0.5 text-muted-foreground">
        {schedule.slice(0, SHOWN).map((item, i) => (
          <li key={item.dueDate + String(i)} className="flex justify-between gap-2">
            <span>
              {installments
                ? `${i + 1}/${schedule.length} — ${formatDate(item.dueDate)}`
                : formatDate(item.dueDate)}
            </span>
            {installments ? <span>{formatCurrency(item.amountCents)}</span> : null}
          </li>
        ))}
        {schedule.length > SHOWN ? <li>… e mais {schedule.length - SHOWN}</li> : null}
      </ul>
    </div>
  );
}
