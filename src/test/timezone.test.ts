import { describe, expect, it } from 'vitest';

// The unit project runs in Brazil's time zone (vitest.config.ts), where the users are: "today"
// between 21:00 and 24:00 there is already tomorrow in UTC.
describe('unit test clock', () => {
  it('runs in America/Sao_Paulo (UTC-3, no daylight saving)', () => {
    expect(new Date('2026-03-10T01:30:00Z').getTimezoneOffset()).toBe(180);
    expect(new Date('2026-07-10T12:00:00Z').getTimezoneOffset()).toBe(180);
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/Sao_Paulo');
  });
});
