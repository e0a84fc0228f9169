import { describe, expect, it } from '@jest/globals';
import { RECRUITMENT_MESSAGES } from '@domain/recruitment';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { renderWithApp, toasts } from '@/testing/render';
import { server } from '@/testing/server';
import { acceptApplication } from '@/testing/mocks/handlers/recruitment';
import { refusing } from '@/testing/mocks/network';
import { RecruitmentPage } from '../components/recruitment-page';

/**
 * The editor application at /recrutement: the consents come first (their French toast), a filled
 * application is sent as the api's schema accepts it and the page says so and starts afresh, and
 * an application the server refuses shows its reason with everything typed still there.
 */
describe('the recruitment form', () => {
  const section = (title: string) => screen.getByRole('region', { name: title });
  const submit = () => screen.getByRole('button', { name: 'Envoyer ma candidature' });

  async function fillIdentity(user: UserEvent) {
    const personal = section('Informations personnelles');
    await user.type(within(personal).getByLabelText(/^Prénom/), 'Camille');
    await user.type(within(personal).getByLabelText(/^Nom\b/), 'Lefèvre');
    await user.type(within(personal).getByLabelText(/^Adresse e-mail/), 'camille@rushflow.test');
  }

  async function acceptConsents(user: UserEvent) {
    const consents = section('Consentements');
    await user.click(within(consents).getByRole('checkbox', { name: /conditions générales d’utilisation/ }));
    await user.click(within(consents).getByRole('checkbox', { name: /politique de confidentialité/ }));
    await user.click(within(consents).getByRole('checkbox', { name: /contrat de prestation/ }));
  }

  it('asks for the three consents first, in French, and sends nothing', async () => {
    const { user } = renderWithApp(<RecruitmentPage />, { path: '/recrutement' });

    await fillIdentity(user);
    await user.click(submit());

    expect(await toasts().findByText('Consentements requis')).toBeVisible();
    expect(toasts().getByText(RECRUITMENT_MESSAGES.consents)).toBeVisible();
    const consents = within(section('Consentements'));
    for (const consent of [
      /conditions générales d’utilisation/,
      /politique de confidentialité/,
      /contrat de prestation/,
    ])
      expect(consents.getByRole('checkbox', { name: consent })).toHaveAccessibleDescription(
        RECRUITMENT_MESSAGES.consents,
      );
    expect(screen.queryByRole('status', { name: /Candidature envoyée/ })).not.toBeInTheDocument();
  });

  it('sends the application, says it is sent and empties the form', async () => {
    const applications = acceptApplication();
    server.use(applications.handler);
    const { user } = renderWithApp(<RecruitmentPage />, { path: '/recrutement' });

    await fillIdentity(user);
    await user.click(within(section('Spécialités vidéo')).getByRole('checkbox', { name: 'Vlog' }));
    await user.click(within(section('Logiciels')).getByRole('checkbox', { name: 'DaVinci Resolve' }));
    await acceptConsents(user);
    await user.click(submit());

    const sent = await screen.findByTestId('application-sent');
    expect(sent).toHaveTextContent(RECRUITMENT_MESSAGES.submitted);
    expect(sent).toHaveTextContent(RECRUITMENT_MESSAGES.submittedHint);
    await waitFor(() => expect(sent).toHaveFocus());
    expect(applications.sent).toEqual([
      expect.objectContaining({
        firstName: 'Camille',
        lastName: 'Lefèvre',
        email: 'camille@rushflow.test',
        videoSpecialties: ['vlog'],
        softwareMastered: ['davinci_resolve'],
        acceptsTerms: true,
        acceptsPrivacy: true,
        acceptsContract: true,
        languages: ['français'],
      }),
    ]);
    expect(within(section('Informations personnelles')).getByLabelText(/^Prénom/)).toHaveValue('');
  });

  it('shows why the server refuses the application and keeps what was typed', async () => {
    const refusal = refusing(
      'post',
      '/api/editor-applications',
      { error: RECRUITMENT_MESSAGES.alreadyOpen('contact@rushflow.test') },
      409,
    );
    server.use(refusal.handler);
    const { user } = renderWithApp(<RecruitmentPage />, { path: '/recrutement' });

    await fillIdentity(user);
    await acceptConsents(user);
    await user.click(submit());

    expect(await toasts().findByText(RECRUITMENT_MESSAGES.alreadyOpen('contact@rushflow.test'))).toBeVisible();
    expect(refusal.sent).toHaveLength(1);
    expect(screen.queryByTestId('application-sent')).not.toBeInTheDocument();
    expect(within(section('Informations personnelles')).getByLabelText(/^Adresse e-mail/)).toHaveValue(
      'camille@rushflow.test',
    );
  });
});
