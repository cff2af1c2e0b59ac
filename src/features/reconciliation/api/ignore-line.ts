import { z } from 'zod';

/** "Ignorar" a statement line: why (kept on the line and in the history). */
export const ignoreLineSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Informe o motivo para ignorar este lançamento.')
    .max(200, 'Use no máximo 200 caracteres.'),
});

export type IgnoreLineValues = z.input<typeof ignoreLineSchema>;
