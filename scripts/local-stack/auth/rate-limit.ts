// Rate limits of the auth stand-in, so that a password or a 6-digit code cannot be guessed by
// brute force even though this is only a development server.
//
// Like GoTrue: every sign-in (POST /token?grant_type=password) and every verification
// (GET|POST /verify) counts against the caller's IP; over the limit the answer is 429
// `over_request_rate_limit` "Request rate limit reached" (supabase/auth, performRateLimiting).
// Hosted defaults are 30 per 5 minutes per IP for both. The IP is the socket's peer address; no
// forwarding header is trusted (GoTrue only reads one when GOTRUE_RATE_LIMIT_HEADER names it).
// Ours in addition: FAILED attempts also count per e-mail address, so one account is protected
// when the guesses come from many addresses. While an address is over its limit every attempt
// for it is refused, the right password or code included.
import { HttpError } from './errors';

export interface RateLimit {
  /** Attempts allowed in any window of `windowSeconds` (a sliding window). */
  max: number;
  windowSeconds: number;
}

export interface AuthRateLimits {
  /** Every password sign-in from one IP. */
  signInPerIp: RateLimit;
  /** Failed password sign-ins of one e-mail address. */
  signInPerEmail: RateLimit;
  /** Every verification (link or code) from one IP. */
  verifyPerIp: RateLimit;
  /** Failed code verifications (POST /verify with email + token) of one e-mail address. */
  verifyPerEmail: RateLimit;
}

export const DEFAULT_RATE_LIMITS: AuthRateLimits = {
  signInPerIp: { max: 30, windowSeconds: 300 },
  signInPerEmail: { max: 10, windowSeconds: 300 },
  verifyPerIp: { max: 30, windowSeconds: 300 },
  verifyPerEmail: { max: 5, windowSeconds: 300 },
};

export function rateLimited(): HttpError {
  return new HttpError(429, 'over_request_rate_limit', 'Request rate limit reached');
}

/** Counts events per key in a sliding window (the exact log of their times). */
export class SlidingWindow {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.limit.windowSeconds * 1000;
    const kept = (this.events.get(key) ?? []).filter((t) => t > since);
    if (kept.length > 0) this.events.set(key, kept);
    else this.events.delete(key);
    return kept;
  }

  /** Whether `key` has used up its window. */
  isLimited(key: string): boolean {
    return this.recent(key).length >= this.limit.max;
  }

  /** Records one event for `key`. */
  record(key: string): void {
    const kept = this.recent(key);
    kept.push(this.now());
    this.events.set(key, kept);
    if (this.events.size > 10_000) this.sweep();
  }

  /** Records one event unless `key` is over its limit; false when it is. */
  take(key: string): boolean {
    if (this.isLimited(key)) return false;
    this.record(key);
    return true;
  }

  private sweep(): void {
    for (const key of [...this.events.keys()]) this.recent(key);
  }
}

export interface AuthLimiters {
  signInPerIp: SlidingWindow;
  signInPerEmail: SlidingWindow;
  verifyPerIp: SlidingWindow;
  verifyPerEmail: SlidingWindow;
}

export function createLimiters(overrides: Partial<AuthRateLimits> = {}): AuthLimiters {
  const limits = { ...DEFAULT_RATE_LIMITS, ...overrides };
  return {
    signInPerIp: new SlidingWindow(limits.signInPerIp),
    signInPerEmail: new SlidingWindow(limits.signInPerEmail),
    verifyPerIp: new SlidingWindow(limits.verifyPerIp),
    verifyPerEmail: new SlidingWindow(limits.verifyPerEmail),
  };
}
