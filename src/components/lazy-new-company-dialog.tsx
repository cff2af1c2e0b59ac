import { lazyDialog } from '@/components/lazy-dialog';

/**
 * Nova empresa for the company switcher: the dialog, its form and the document checks are fetched
 * on intent (pointer over or focus on "Nova empresa") or on the tap, never with home or the
 * sidebar.
 */
export const LazyNewCompanyDialog = lazyDialog(
  async () => (await import('@/components/new-company-dialog')).NewCompanyDialog,
  (props) => props.open,
);
