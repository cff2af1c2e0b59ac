// Sends the memberships request from index.html, before the JavaScript has loaded
// (docs/performance.md, "The memberships request from the HTML"). Every signed-in screen waits
// for the user's memberships (the gate, src/app/protected-route.tsx) and the requests of every
// page wait for the company they name: sent from the app, that request (and its CORS preflight)
// started only after the entry chunk had downloaded and run, a second on a phone. The inline
// script below finds the stored session as auth-js keeps it and sends the same request at once;
// getMemberships (src/features/auth/api/get-memberships.ts) takes its answer once, and asks the
// server itself whenever there is none to take (no session, a token about to expire, an error).
import type { Plugin } from 'vite';
import {
  EARLY_MEMBERSHIPS_GLOBAL,
  membershipsQueryString,
} from '../../src/features/auth/api/memberships-request.ts';
import {
  MIN_TOKEN_LIFE_MS,
  REMEMBER_ME_KEY,
  sessionStorageKey,
} from '../../src/lib/session-storage.ts';

export function earlyMembershipsScript(apiUrl: string, anonKey: string): string {
  const userPlaceholder = 'USER_ID';
  return `<script>
      (function () {
        try {
          var storage = localStorage.getItem(${JSON.stringify(REMEMBER_ME_KEY)}) === 'false' ? sessionStorage : localStorage;
          var session = JSON.parse(storage.getItem(${JSON.stringify(sessionStorageKey(apiUrl))}) || 'null');
          var userId = session && session.user && session.user.id;
          if (!userId || !session.access_token) return;
          if (!(session.expires_at * 1000 - Date.now() > ${MIN_TOKEN_LIFE_MS})) return;
          var query = ${JSON.stringify(membershipsQueryString(userPlaceholder))}.replace(${JSON.stringify(userPlaceholder)}, encodeURIComponent(userId));
          var rows = fetch(${JSON.stringify(`${apiUrl}/rest/v1/user_profiles?`)} + query, {
            headers: { apikey: ${JSON.stringify(anonKey)}, Authorization: 'Bearer ' + session.access_token }
          })
            .then(function (response) { return response.ok ? response.json() : null; })
            .catch(function () { return null; });
          window.${EARLY_MEMBERSHIPS_GLOBAL} = { userId: userId, rows: rows };
        } catch (e) {}
      })();
    </script>`;
}

export function earlyMemberships(): Plugin {
  let env: Record<string, string> = {};
  return {
    name: 'early-memberships',
    configResolved(config) {
      env = config.env;
    },
    transformIndexHtml(html) {
      const apiUrl = env.VITE_SUPABASE_URL;
      const anonKey = env.VITE_SUPABASE_ANON_KEY;
      if (!apiUrl || !anonKey) return html;
      // First in <head>: an inline script after a stylesheet would wait for it.
      return html.replace('<head>', `<head>\n    ${earlyMembershipsScript(apiUrl, anonKey)}`);
    },
  };
}
