// What the saved cache can hold: it is written as JSON and read back with JSON.parse, so anything
// else (a Map, a Set, a Date, a class instance, undefined in an array, NaN) comes back different
// and a screen that trusted its shape breaks after a reload (docs/frontend.md, "The saved cache").

/**
 * Where `value` stops being plain JSON, as a path (`$.lines[3].postedOn: Date`), or null when
 * JSON.parse(JSON.stringify(value)) gives back an equal value.
 */
export function notPlainJsonAt(value: unknown, path = '$'): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path}: ${value}`;
  if (typeof value !== 'object') return `${path}: ${typeof value}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      // A hole or undefined in an array comes back as null.
      if (!(i in value) || value[i] === undefined) return `${path}[${i}]: undefined`;
      const at = notPlainJsonAt(value[i], `${path}[${i}]`);
      if (at) return at;
    }
    return null;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
    return `${path}: ${name}`;
  }
  for (const [key, item] of Object.entries(value)) {
    // An undefined property is dropped by JSON: `{ a: undefined }` comes back as `{}`, which
    // reads the same (`o.a` is undefined either way), so it is allowed.
    if (item === undefined) continue;
    const at = notPlainJsonAt(item, `${path}.${key}`);
    if (at) return at;
  }
  return null;
}

export function isPlainJson(value: unknown): boolean {
  return notPlainJsonAt(value) === null;
}
