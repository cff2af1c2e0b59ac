// Rateio padrão (issue 33): create, edit and remove a company's saved splits. The database checks
// every reference (obras, etapas, categorias), the percentages and the default per kind
// (supabase/migrations/20261202060100_split_templates.sql); the schema below only spares a round
// trip and says it in Portuguese.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { splitTemplateKeys } from '@/lib/api/query-keys';
import type { SplitTemplate, SplitTemplatePart } from '@/lib/api/split-templates';
import { useCurrentCompany } from '@/lib/current-company';
import type { Json } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

/** A refusal said by its key, shaped like the ones our database functions raise. */
class TemplateKeyError extends Error {
  readonly code = 'P0001';
}

/** "60", "33,33" or "33.33" → hundredths of a percent (6000, 3333); null when not a percent > 0 ≤ 100. */
export function parsePercentHundredths(text: string): number | null {
  const trimmed = text.trim().replace('%', '').trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return hundredths > 0 && hundredths <= 10000 ? hundredths : null;
}

/** 6000 → "60", 3333 → "33,33", 50 → "0,5". */
export function formatPercentHundredths(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  return fraction === 0
    ? String(whole)
    : `${whole},${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

const partInput = z.object({
  project_id: z.string().nullable(),
  stage_id: z.string().nullable(),
  category_id: z.string().nullable(),
  percent: z.string(),
});

export const splitTemplateInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Informe o nome do rateio padrão.')
      .max(100, 'O nome pode ter no máximo 100 caracteres.'),
    kind: z.enum(['expense', 'income', 'both']),
    method: z.enum(['budget', 'fixed']),
    category_id: z.string().nullable(),
    parts: z.array(partInput),
    is_default: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.method !== 'fixed') return;
    if (value.parts.length < 2 || value.parts.length > 50) {
      ctx.addIssue({
        code: 'custom',
        path: ['parts'],
        message: 'Um rateio precisa de 2 a 50 partes.',
      });
      return;
    }
    const hundredths = value.parts.map((part) => parsePercentHundredths(part.percent));
    hundredths.forEach((h, index) => {
      if (h === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['parts', index, 'percent'],
          message: 'Informe um percentual entre 0,01 e 100.',
        });
      }
    });
    const typed = hundredths.filter((h): h is number => h !== null);
    if (typed.length === hundredths.length) {
      const total = typed.reduce((sum, h) => sum + h, 0);
      if (total !== 10000) {
        ctx.addIssue({
          code: 'custom',
          path: ['parts'],
          message: 'Os percentuais do rateio padrão precisam somar 100%.',
        });
      }
    }
  });
export type SplitTemplateInput = z.input<typeof splitTemplateInput>;

/** The row to write: a budget template has no parts, a fixed one no categoria of its own. */
export function toTemplateRow(input: SplitTemplateInput) {
  const value = splitTemplateInput.parse(input);
  const parts: SplitTemplatePart[] | null =
    value.method === 'fixed'
      ? value.parts.map((part) => ({
          project_id: part.project_id,
          stage_id: part.project_id ? part.stage_id : null,
          category_id: value.kind === 'both' ? null : part.category_id,
          percent: (parsePercentHundredths(part.percent) ?? 0) / 100,
        }))
      : null;
  return {
    name: value.name,
    kind: value.kind,
    method: value.method,
    category_id: value.method === 'budget' && value.kind !== 'both' ? value.category_id : null,
    parts: parts as unknown as Json,
    is_default: value.is_default,
  };
}

/** What the form starts from: the template being edited, or a new overhead template. */
export function templateFormValues(template: SplitTemplate | null): SplitTemplateInput {
  if (!template) {
    return {
      name: '',
      kind: 'expense',
      method: 'budget',
      category_id: null,
      parts: [],
      is_default: false,
    };
  }
  const parts = Array.isArray(template.parts)
    ? (template.parts as unknown as SplitTemplatePart[])
    : [];
  return {
    name: template.name,
    kind: template.kind as SplitTemplateInput['kind'],
    method: template.method as SplitTemplateInput['method'],
    category_id: template.category_id,
    parts: parts.map((part) => ({
      project_id: part.project_id,
      stage_id: part.stage_id,
      category_id: part.category_id,
      percent: formatPercentHundredths(Math.round(part.percent * 100)),
    })),
    is_default: template.is_default,
  };
}

export async function saveSplitTemplate(
  companyId: string,
  input: SplitTemplateInput,
  editing: Pick<SplitTemplate, 'id' | 'updated_at'> | null,
): Promise<SplitTemplate> {
  const row = toTemplateRow(input);
  if (!editing) {
    const { data, error } = await supabase
      .from('split_templates')
      .insert({ company_id: companyId, ...row })
      .select()
      .single();
    if (error) throw error;
    return data;
  }
  // Saved over the version the user opened only: another edit meanwhile is said, not overwritten.
  const { data, error } = await supabase
    .from('split_templates')
    .update(row)
    .eq('company_id', companyId)
    .eq('id', editing.id)
    .eq('updated_at', editing.updated_at)
    .select()
    .maybeSingle();
  if (error) throw error;
  if (!data) throw new TemplateKeyError('split_template_changed');
  return data;
}

export function useSaveSplitTemplate() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentNetworkError: true },
    mutationFn: ({
      input,
      editing,
    }: {
      input: SplitTemplateInput;
      editing: Pick<SplitTemplate, 'id' | 'updated_at'> | null;
    }) => saveSplitTemplate(companyId, input, editing),
    onSettled: () => queryClient.invalidateQueries({ queryKey: splitTemplateKeys.all(companyId) }),
  });
}

export function useRemoveSplitTemplate() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentNetworkError: true },
    mutationFn: async (id: string) => {
      const { data, error } = await supabase
        .from('split_templates')
        .delete()
        .eq('company_id', companyId)
        .eq('id', id)
        .select('id');
      if (error) throw error;
      if (data.length === 0) throw new TemplateKeyError('split_template_not_found');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: splitTemplateKeys.all(companyId) }),
  });
}
