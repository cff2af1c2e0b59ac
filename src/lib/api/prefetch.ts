import type { QueryClient } from '@tanstack/react-query';

/**
 * A page's first requests, started by its route as soon as the company is known rather than once
 * React has rendered the page (src/app/prefetch.ts). Return each `queryClient.query(…)` of the
 * same query options the page's hooks use, so that the page finds them under way (or answered).
 */
export type Prefetch = (
  queryClient: QueryClient,
  companyId: string,
  url: URL,
) => Promise<unknown>[];
