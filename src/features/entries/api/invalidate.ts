/** An error with a stable key, shaped like the ones our database functions raise. */
export class KeyedError extends Error {
  readonly code = 'P0001';
}
