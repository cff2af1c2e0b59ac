// A phone has no hover. The mouse events a browser makes up after a tap on a toast must not pause
// it for good (sonner pauses a hovered stack until the mouse leaves, which never happens on a
// phone): the toast would sit over the page's buttons. Phone project only (the desktop keeps the
// pause while the mouse rests on a toast).
import { expect, test, uniqueEmail } from './support';

test('a toast the finger rested on still goes away by itself', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(uniqueEmail('ninguem'));
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const toast = page.getByText('Email ou senha incorretos');
  await expect(toast).toBeVisible();

  const box = await toast.boundingBox();
  if (!box) throw new Error('the toast has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height / 2);
  // sonner's default is 4 s on screen; 10 s leaves room for a slow machine, not for a frozen toast.
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
});
