import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The rules every page, dialog and e-mail is held to: WCAG 2.0, 2.1 and 2.2 at levels A and AA
 * (RGAA 4.1 rests on them), plus axe's best practices (landmarks, one h1, no skipped heading
 * level). Every impact level counts, minor included.
 */
const ACCESSIBILITY_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** The violations of axe's run on the page as it is now, one readable line per offending node. */
export async function accessibilityViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(ACCESSIBILITY_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} — ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  );
}

/**
 * Fails with every violation listed when axe finds any on the page as it is now. `state` names
 * what is on screen (« tableau de bord, vide »), so a failure says where to look.
 */
export async function expectAccessible(page: Page, state: string, options: { exclude?: string[] } = {}): Promise<void> {
  const violations = await accessibilityViolations(page, options.exclude);
  expect(violations, `axe on ${state} (${page.url()})`).toEqual([]);
}
