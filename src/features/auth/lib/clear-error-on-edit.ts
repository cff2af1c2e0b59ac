import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * The auth forms show their messages on submit (`reValidateMode: 'onSubmit'`), and editing a
 * field hides that field's message until the next submit, as these forms always did.
 */
export function useClearErrorOnEdit<T extends FieldValues>(form: UseFormReturn<T>) {
  const { subscribe, getFieldState, clearErrors } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          // `type` is set only by a user's edit (not by setError, reset or setValue).
          if (!name || !type) return;
          const field = name as Path<T>;
          if (getFieldState(field).error) clearErrors(field);
        },
      }),
    [subscribe, getFieldState, clearErrors],
  );
}
