import { test, expect, screenshot } from './support';
test('harness smoke', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'App Finanças' })).toBeVisible();
  await screenshot(page, 'smoke');
});
