import { expect, test } from '@playwright/test';
import { expectFocusOn, expectVisibleFocus, focusedElement, NO_FOCUS, scrollSettled } from './support/keyboard';

/**
 * Every page begins with « Aller au contenu principal »: the first Tab stop, shown when focused,
 * and it takes the keyboard past the header to the page's own content. Every element reached by
 * Tab then shows a focus indicator of 3:1 at least.
 */
const PUBLIC_PAGES = [
  '/',
  '/brief',
  '/brief-old',
  '/pricing',
  '/contact',
  '/recrutement',
  '/login',
  '/auth',
  '/terms-of-service',
  '/privacy-policy',
  '/legal-notice',
  '/page-qui-n-existe-pas',
];

test('the skip link is the first Tab stop of every public page, visible, and leads into the main content', async ({
  page,
}) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator('main#main-content')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    await expectFocusOn(page, skip);
    // Shown once focused: wholly inside the window.
    const box = (await skip.boundingBox())!;
    expect({ path, top: box.y >= 0, left: box.x >= 0 }).toEqual({ path, top: true, left: true });
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
    // The next stop is in the content, or past it (the footer) on a page of text without links.
    await page.keyboard.press('Tab');
    const pastHeader = await page.evaluate(() => {
      const main = document.getElementById('main-content')!;
      const focused = document.activeElement!;
      return (
        main.contains(focused) || Boolean(main.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING)
      );
    });
    expect({ path, next: pastHeader ? 'past the header' : await focusedElement(page) }).toEqual({
      path,
      next: 'past the header',
    });
  }
});

for (const path of ['/', '/brief', '/pricing', '/contact', '/recrutement']) {
  test(`every Tab stop of ${path} shows its focus, with a contrast of 3:1`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main#main-content')).toBeVisible();
    // The pages written at build time are taken over once their scripts have loaded.
    await page.waitForLoadState('networkidle');
    const seen = new Set<string>();
    for (let stop = 0; stop < 45; stop++) {
      await page.keyboard.press('Tab');
      const element = await focusedElement(page);
      // Past the last stop, Tab leaves the page for the browser's own controls.
      if (stop > 0 && element === NO_FOCUS) break;
      if (seen.has(element)) continue;
      seen.add(element);
      await expectVisibleFocus(page);
    }
    expect(seen.size).toBeGreaterThan(10);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a field reached by Tab in /brief is never hidden under the header or the estimate bar', async ({ page }) => {
    await page.goto('/brief');
    await expect(page.getByText('Glissez vos fichiers ici ou cliquez pour les choisir').first()).toBeVisible();
    await expect(page.getByTestId('estimate-summary')).toBeVisible();
    const hidden: string[] = [];
    for (let stop = 0; stop < 60; stop++) {
      await page.keyboard.press('Tab');
      await scrollSettled(page);
      const covered = await page.evaluate(() => {
        const focused = document.activeElement;
        if (!focused || focused === document.body) return null;
        // The skip link shows over the header by design.
        if (getComputedStyle(focused).position === 'fixed') return '';
        // A visually hidden control (a radio in a card) is shown by its label.
        const shown = focused.getBoundingClientRect().width <= 1 ? (focused.closest('label') ?? focused) : focused;
        const box = shown.getBoundingClientRect();
        const header = document.querySelector('header')!.getBoundingClientRect();
        const bar = document.querySelector('[data-testid="estimate-summary"]')!.getBoundingClientRect();
        const underHeader = box.top < header.bottom && !document.querySelector('header')!.contains(focused);
        const underBar = bar.height > 0 && box.bottom > bar.top && !focused.closest('[data-testid="estimate-summary"]');
        return underHeader || underBar
          ? `${focused.tagName} « ${((focused as HTMLInputElement).labels?.[0]?.textContent ?? focused.textContent ?? '').trim().slice(0, 40)} » at ${Math.round(box.top)}–${Math.round(box.bottom)} px (header ends at ${Math.round(header.bottom)}, bar starts at ${Math.round(bar.top)})`
          : '';
      });
      if (covered === null) break;
      if (covered) hidden.push(covered);
    }
    expect(hidden).toEqual([]);
  });
});
