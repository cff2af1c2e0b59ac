// A field masked as it is typed keeps its caret where the person is typing: without this, writing
// the new value moves the caret to the end, and a digit fixed in the middle sends the next one
// to the end of the field.
import type { ChangeEvent } from 'react';

const significant = /[0-9A-Za-z]/;

function countSignificant(text: string): number {
  let count = 0;
  for (const char of text) if (significant.test(char)) count += 1;
  return count;
}

/**
 * Masks the input's value in place, caret after the same letters and digits as before, and
 * returns the masked value for the form. The DOM already holding it, React leaves it (and the
 * caret) alone when the form re-renders with it.
 */
export function maskChangeEvent(
  event: ChangeEvent<HTMLInputElement>,
  mask: (value: string) => string,
): string {
  const input = event.target;
  const raw = input.value;
  const masked = mask(raw);
  if (masked === raw) return masked;
  const caret = input.selectionStart ?? raw.length;
  // What the mask keeps of the text before the caret: a dropped character does not count.
  const before = countSignificant(mask(raw.slice(0, caret)));
  let position = 0;
  for (let seen = 0; position < masked.length && seen < before; position += 1) {
    if (significant.test(masked.charAt(position))) seen += 1;
  }
  input.value = masked;
  if (document.activeElement === input) input.setSelectionRange(position, position);
  return masked;
}
