import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user walks a page; fails
 * after `limit` presses, naming where the focus was last.
 */
export async function tabTo(page: Page, target: Locator, { limit = 150, backwards = false } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (await target.evaluate((element) => element === document.activeElement)) return;
  throw new Error(`${target} not reached in ${limit} presses of Tab; the focus is on ${await focusedElement(page)}`);
}

/** What `focusedElement` says when the focus is on the page itself. */
export const NO_FOCUS = 'nothing (the page itself)';

/** The focused element, as a test failure names it: tag, id, accessible text. */
export const focusedElement = (page: Page) =>
  page.evaluate((none) => {
    const element = document.activeElement;
    if (!element || element === document.body) return none;
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60);
    return `<${element.tagName.toLowerCase()}${element.id ? ` id="${element.id}"` : ''}> « ${text} »`;
  }, NO_FOCUS);

interface FocusIndicator {
  /** What holds the focus, for the failure message. */
  element: string;
  /** Contrast of the ring or outline drawn for it against what is behind; 0 when nothing is drawn. */
  contrast: number;
}

/**
 * The focus indicator drawn for the focused element (or, for a visually hidden control such as a
 * radio in a card, for its nearest drawn ancestor): an outline, or a box-shadow ring without blur.
 * Its colour is read through a canvas (any CSS colour syntax), laid over the colour behind the
 * element, and compared to it by WCAG's contrast ratio.
 */
function focusIndicator(page: Page): Promise<FocusIndicator | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    /** The colour painted over `under` (an opaque rgb triple). */
    const paint = (color: string, under: number[]): number[] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = `rgb(${under.join(',')})`;
      context.fillRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((channel) => {
        const value = channel / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: number[], b: number[]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light + 0.05) / (dark + 0.05);
    };
    /** The opaque colour behind `element`: its ancestors' backgrounds laid over white, outermost first. */
    const backdrop = (element: Element): number[] => {
      const layers: string[] = [];
      for (let node = element.parentElement; node; node = node.parentElement)
        layers.unshift(getComputedStyle(node).backgroundColor);
      return layers.reduce((under, color) => paint(color, under), [255, 255, 255]);
    };
    /** The rings of a box-shadow list (shadows with no blur and some spread), drawn outside or inside (inset). */
    const rings = (boxShadow: string): { color: string; inset: boolean }[] =>
      boxShadow === 'none'
        ? []
        : (boxShadow.match(/(?:[^,(]|\([^)]*\))+/g) ?? []).flatMap((shadow) => {
            const color = /(?:rgba?|hsla?|oklab|oklch|lab|lch|color)\([^)]*\)|#[0-9a-f]+/i.exec(shadow)?.[0];
            const lengths = (shadow.replace(color ?? '', '').match(/-?[\d.]+px/g) ?? []).map(parseFloat);
            const [, , blur = 0, spread = 0] = lengths;
            return color && blur === 0 && spread >= 1 ? [{ color, inset: /\binset\b/.test(shadow) }] : [];
          });
    let best = 0;
    let node: Element | null = focused;
    for (let depth = 0; node && depth < 3; depth += 1, node = node.parentElement) {
      const style = getComputedStyle(node);
      const outside = backdrop(node);
      // An inset ring lies over the element's own background.
      const inside = paint(style.backgroundColor, outside);
      const drawn = rings(style.boxShadow);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1)
        drawn.push({ color: style.outlineColor, inset: false });
      for (const { color, inset } of drawn) {
        const behind = inset ? inside : outside;
        best = Math.max(best, contrast(paint(color, behind), behind));
      }
    }
    const text = (focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 60);
    return { element: `<${focused.tagName.toLowerCase()}> « ${text} »`, contrast: Math.round(best * 100) / 100 };
  });
}

/**
 * The focus is on an element (never lost to the page) and a focus indicator is drawn for it, at
 * 3:1 at least against what is behind it (WCAG 1.4.11 and 2.4.7).
 */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const indicator = await focusIndicator(page);
  expect(indicator, 'the keyboard focus is lost (on the page itself)').not.toBeNull();
  expect(indicator!.contrast, `focus indicator of ${indicator!.element}`).toBeGreaterThanOrEqual(3);
}

/** Waits for the page to stop scrolling (a smooth scroll to the focused element), a few frames without a move. */
export const scrollSettled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        let frames = 0;
        const tick = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          frames += 1;
          if (still >= 3 || frames > 300) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );

/** The focus is on `target` and visibly so. */
export async function expectFocusOn(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  await expectVisibleFocus(page);
}

/** Types into the focused field, as a keyboard user does once Tab has brought them there. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await expectVisibleFocus(page);
  await page.keyboard.type(text);
}

/**
 * Signs in from /login with the keyboard alone: Tab to « Se connecter », Enter, then Keycloak's
 * form field by field; waits for the role's landing page.
 */
export async function signInWithKeyboard(
  page: Page,
  account: { email: string; password: string },
  landing: RegExp,
): Promise<void> {
  await page.goto('/login');
  const signIn = page.getByRole('button', { name: 'Se connecter' });
  await expect(signIn).toBeEnabled();
  await tabTo(page, signIn);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/realms\/rushflow\/protocol\/openid-connect\/auth/);
  await expect(page.getByText('Connexion à votre espace').first()).toBeVisible();
  await typeInto(page, page.locator('#username'), account.email);
  await typeInto(page, page.locator('#password'), account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(landing);
}
