// Where an e-mail link may send the user back to: GoTrue's IsRedirectURLValid (supabase/auth,
// internal/utilities/request.go). Allowed are the site URL's own host (same scheme and port; any
// port on a loopback host), loopback IP addresses, and the URI allow-list's glob patterns (`*`
// stops at `.` and `/`, `**` does not), matched without the fragment. Anything else falls back to
// the site URL.
import net from 'node:net';
import { isLoopbackAddress } from '../loopback';

const DECIMAL_IP = /^[0-9]+$/;
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

function isLocalhost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

export function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (ch === '*') re += '[^./]*';
    else if (ch === '?') re += '[^./]';
    else re += ch.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

export function isRedirectAllowed(
  siteUrl: string,
  allowList: RegExp[],
  candidate: string,
): boolean {
  // Control characters and spaces are never part of a URL; browsers strip some of them and
  // would then open an address that was never checked.
  if (candidate === '' || [...candidate].some((c) => c <= ' ' || c === '\x7f')) return false;
  let base: URL;
  let target: URL;
  try {
    base = new URL(siteUrl);
    target = new URL(candidate);
  } catch {
    return false;
  }
  const host = target.hostname;
  if (
    base.hostname === host &&
    base.protocol === target.protocol &&
    (base.port === target.port || isLocalhost(host))
  ) {
    return true;
  }
  const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
  if (DECIMAL_IP.test(host)) return false;
  if (net.isIP(host.replace(/^\[|\]$/g, '')) !== 0) return isLoopbackAddress(host);
  if (isHttp && !REGULAR_HOSTNAME.test(host)) return false;
  const withoutFragment = candidate.split('#')[0] ?? '';
  return allowList.some((re) => re.test(withoutFragment));
}
