import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@/lib/roles';

/** Starts one of a page's first reads: `(client) => client.query(someQuery(…))`. */
export type PrefetchRead = (queryClient: QueryClient) => Promise<unknown>;

/**
 * A page's first reads, started by its route as soon as the company is known rather than once
 * React has rendered the page (src/app/prefetch.ts). Ask for the same query options the page's
 * hooks use, so that the page finds them under way (or answered). Ask only what the member's role
 * may read: a read the database refuses (an obra member's bank balances) is a wasted request.
 */
export type Prefetch = (companyId: string, url: URL, role: Role) => PrefetchRead[];
