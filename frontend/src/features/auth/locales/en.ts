import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
  secureNote: 'You will be redirected to our secure sign-in page.',
  redirecting: 'Redirecting…',
  login: {
    metaTitle: 'Sign in',
    title: 'Sign in to your space',
    subtitle: 'Follow your projects, talk with your editor and get your videos.',
    tabSignIn: 'Sign in',
    tabSignUp: 'Create an account',
    signInText: 'Sign in with your e-mail address and password.',
    signInButton: 'Sign in',
    signUpText: 'Create your account in seconds. You will receive an e-mail to confirm your address before signing in.',
    signUpButton: 'Create my account',
    contactPrompt: 'A question before you start?',
    contactLink: 'Contact us',
  },
  admin: {
    metaTitle: 'Administration area',
    title: 'Administration area',
    subtitle: 'Reserved for the Rushflow team: administrators and editors.',
    tabSignIn: 'Sign in',
    tabSignUp: 'Sign up',
    signInText: 'Sign in with your e-mail address and password.',
    signInButton: 'Sign in',
    signUpText:
      'Create your account. You will receive an e-mail to confirm your address; an administrator then grants your access.',
    signUpButton: 'Create my account',
  },
  confirmEmail: {
    metaTitle: 'E-mail confirmation',
    verifying: 'Checking your e-mail…',
    successTitle: 'E-mail successfully confirmed!',
    successText: 'Your address is confirmed. You will be redirected to the home page in 3 seconds.',
    goToSite: 'Go to the site',
    invalidTitle: 'Invalid confirmation link',
    invalidText:
      'This confirmation link is not valid or no longer valid. Sign in: if your address is not confirmed yet, a new confirmation e-mail will be sent to you.',
    pendingTitle: 'E-mail not confirmed yet',
    pendingText: 'Your e-mail address is not confirmed yet. Open the link you received by e-mail to finish signing up.',
    signIn: 'Sign in',
    home: 'Back to home',
  },
};
