import { useState } from 'react';
import type { FieldErrors } from '@/features/auth/lib/validation';

/** The values of a text form and their errors; editing a field clears that field's error. */
export function useFormValues<V extends { [K in keyof V]: string }>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof V, string>>>({});

  function update(field: Extract<keyof V, string>, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  return { values, errors, setErrors, update };
}
