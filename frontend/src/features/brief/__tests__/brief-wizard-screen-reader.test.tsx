import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { virtual } from '@guidepup/virtual-screen-reader';
import { screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { BriefWizard } from '../components/brief-wizard';

/**
 * The order funnel at /brief as a screen reader user goes through it, with a virtual screen reader
 * moving item by item (next) and acting on the item it is on (act, type): what it speaks is what a
 * blind visitor hears — the page's title, where they are in the steps, each field's name and state,
 * the errors, the estimate as it changes and the step that follows.
 */

/** Moves on item by item until the screen reader speaks `phrase`; fails with what it spoke. */
async function nextUntil(phrase: RegExp): Promise<string> {
  for (let item = 0; item < 300; item += 1) {
    await virtual.next();
    const spoken = await virtual.lastSpokenPhrase();
    if (phrase.test(spoken)) return spoken;
  }
  throw new Error(`never spoken: ${phrase}\n${(await virtual.spokenPhraseLog()).join('\n')}`);
}

/** Starts again from the top of the page, as after pressing Ctrl+Home. */
async function backToTop(): Promise<void> {
  await virtual.stop();
  await virtual.start({ container: document.body });
}

describe('the brief wizard with a screen reader', () => {
  // The screen reader reads ::before / ::after content, which jsdom does not compute (it logs an
  // error each time): the page's pseudo-elements carry no text, so they are read as empty.
  const computedStyle = window.getComputedStyle.bind(window);
  beforeAll(() => {
    jest
      .spyOn(window, 'getComputedStyle')
      .mockImplementation((element, pseudoElement) =>
        pseudoElement ? document.createElement('span').style : computedStyle(element),
      );
  });
  afterAll(() => {
    jest.restoreAllMocks();
  });
  afterEach(async () => {
    await virtual.stop();
  });

  it('speaks the title, the current step and each field with its name and whether it is required', async () => {
    renderWithApp(<BriefWizard />, { path: '/brief' });
    await virtual.start({ container: document.body });

    expect(await nextUntil(/^heading/)).toBe('heading, Commander votre montage, level 1');
    expect(await nextUntil(/^navigation/)).toBe('navigation, Étape 1 sur 3');
    expect(await nextUntil(/current step/)).toBe('listitem, level 1, current step, position 1, set size 3');
    expect(await nextUntil(/^heading/)).toBe('heading, Brief détaillé, level 2');
    expect(await nextUntil(/^textbox/)).toBe('textbox, Votre adresse e-mail (obligatoire), not invalid');
    expect(await nextUntil(/^combobox/)).toMatch(/^combobox, Type de vidéo \(obligatoire\), .*not invalid$/);
  });

  it('announces the missing basics, then reads each field with its own error', async () => {
    renderWithApp(<BriefWizard />, { path: '/brief' });
    await virtual.start({ container: document.body });

    await nextUntil(/^button, Obtenir mon estimation/);
    await virtual.act();
    await screen.findByText('Veuillez remplir les informations de base');
    expect(await virtual.spokenPhraseLog()).toContainEqual(
      expect.stringMatching(/^(polite|assertive): .*Veuillez remplir les informations de base/),
    );

    await backToTop();
    expect(await nextUntil(/^textbox, Votre adresse e-mail/)).toBe(
      'textbox, Votre adresse e-mail (obligatoire), L’adresse e-mail est obligatoire., invalid',
    );
    expect(await nextUntil(/^combobox, Type de vidéo/)).toMatch(/Le type de vidéo est obligatoire\., .*invalid$/);
    expect(await nextUntil(/^spinbutton, Durée finale/)).toMatch(/La durée finale est obligatoire\., invalid/);
  });

  it('fills the basics, hears the estimate change, and lands on the estimate step’s heading', async () => {
    const { user } = renderWithApp(<BriefWizard />, { path: '/brief' });
    await virtual.start({ container: document.body });

    await nextUntil(/^textbox, Votre adresse e-mail/);
    await virtual.act();
    await virtual.type('claire@rushflow.test');
    expect(await virtual.lastSpokenPhrase()).toMatch(
      /^textbox, Votre adresse e-mail \(obligatoire\), claire@rushflow\.test/,
    );
    await nextUntil(/^combobox, Type de vidéo/);
    // jsdom draws no list for a native select to move through: the option is chosen as a click would.
    await user.selectOptions(screen.getByRole('combobox', { name: /^Type de vidéo/ }), 'Vlog');
    await nextUntil(/^spinbutton, Durée finale souhaitée/);
    await virtual.act();
    await virtual.clearSpokenPhraseLog();
    await virtual.type('3');
    // The estimate beside the form is read out once the figures settle, in one sentence, without
    // leaving the field (and not at every digit).
    await waitFor(
      async () =>
        expect(await virtual.spokenPhraseLog()).toContainEqual(
          expect.stringMatching(/^polite: Estimation mise à jour : .*€, \d+ jours? ouvrés?\.$/),
        ),
      { timeout: 3000 },
    );
    const announcements = (await virtual.spokenPhraseLog()).filter((phrase) => phrase.startsWith('polite: Estimation'));
    expect(announcements).toHaveLength(1);

    await nextUntil(/^button, Obtenir mon estimation/);
    await virtual.act();
    await screen.findByRole('heading', { name: 'Votre estimation automatique' });
    // Focus moves to the new step's heading: the screen reader speaks it and goes on from there.
    await waitFor(async () => expect(await virtual.lastSpokenPhrase()).toBe('heading, Estimation, level 2'));
    expect(screen.getByRole('heading', { name: 'Estimation' })).toHaveFocus();
    expect(await nextUntil(/^heading/)).toMatch(/^heading, Votre estimation automatique/);
  });
});
