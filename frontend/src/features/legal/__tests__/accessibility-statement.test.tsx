import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { ACCESSIBILITY_AUDIT, RGAA_THEMES } from '@/lib/accessibility-audit';
import { renderWithApp } from '@/testing/render';
import { AccessibilityStatementPage } from '../components/accessibility-statement-page';

/**
 * « Déclaration d'accessibilité » (RGAA's model): the rate and the per-theme results are those of
 * the audit behind it, every criterion still failing is named, and a problem can be reported.
 */
describe('the accessibility statement', () => {
  const results = (result: 'C' | 'NC' | 'NA') => ACCESSIBILITY_AUDIT.filter((criterion) => criterion.result === result);

  it('audits each of RGAA 4.1’s 106 criteria once, theme by theme', () => {
    const ids = ACCESSIBILITY_AUDIT.map((criterion) => criterion.id);
    expect(ids).toHaveLength(106);
    expect(new Set(ids).size).toBe(106);
    for (const { theme, criteria } of RGAA_THEMES)
      expect(ids.filter((id) => id.startsWith(`${theme}.`))).toHaveLength(criteria);
  });

  it('states the level, the rate of applicable criteria met, each failing criterion and a contact', async () => {
    renderWithApp(<AccessibilityStatementPage />, { path: '/accessibility' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' })).toBeVisible();
    const conformant = results('C').length;
    const applicable = conformant + results('NC').length;
    const rate = Math.floor((conformant * 100) / applicable);
    const status = screen.getByRole('region', { name: 'État de conformité' });
    expect(status).toHaveTextContent(rate === 100 ? 'totalement conforme' : 'partiellement conforme');
    const tests = screen.getByRole('region', { name: 'Résultats des tests' });
    expect(tests).toHaveTextContent(`révèle que ${rate} % des critères`);
    expect(tests).toHaveTextContent(`${conformant} critères conformes, ${results('NC').length} non conformes`);

    // One row per theme, whose counts add up to the theme's criteria.
    const table = within(tests).getByRole('table', { name: 'Résultats par thématique du RGAA 4.1' });
    const images = within(table).getByRole('row', { name: /^1\. Images/ });
    const cells = within(images)
      .getAllByRole('cell')
      .map((cell) => Number(cell.textContent));
    expect(cells.reduce((sum, count) => sum + count, 0)).toBe(9);

    const failing = screen.getByRole('region', { name: 'Contenus non accessibles' });
    for (const criterion of results('NC')) expect(failing).toHaveTextContent(`Critère ${criterion.id}`);
    expect(screen.getByRole('region', { name: 'Retour d’information et contact' })).toHaveTextContent(
      'formulaire de la page Contact',
    );
    expect(screen.getByRole('region', { name: 'Établissement de cette déclaration' })).toHaveTextContent(
      'établie le 26/11/2026',
    );
  });
});
