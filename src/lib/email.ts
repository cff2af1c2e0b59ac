import { z } from 'zod';

/** Something@something.something, no spaces: what the forms accept as an e-mail. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** An optional e-mail (the company's): empty, or one that looks like an e-mail. */
export const optionalEmailField = z
  .string()
  .trim()
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), 'Informe um email válido');
