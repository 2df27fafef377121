import fs from 'node:fs';
import path from 'node:path';
import { isLocale, type Locale } from '@shoebox/contracts';
import type { LoginTexts } from '../../platform/auth/embedded/pages.js';

const FALLBACK: Locale = 'en-GB';

/**
 * Reads the web's translation files, so the server-rendered sign-in page speaks the same words in
 * the same languages as the account area.
 */
export function localeCatalog(localesDir: string) {
  const cache = new Map<Locale, Record<string, unknown>>();
  const load = (locale: Locale) => {
    let messages = cache.get(locale);
    if (!messages) {
      const file = path.join(localesDir, `${locale}.json`);
      messages = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
      cache.set(locale, messages);
    }
    return messages;
  };

  return {
    loginTexts(requested: string | undefined): { lang: string; texts: LoginTexts } {
      const locale = (requested?.split(' ').find(isLocale) as Locale | undefined) ?? FALLBACK;
      const pick = (l: Locale) => load(l).signIn as Partial<LoginTexts> | undefined;
      return { lang: locale, texts: { ...DEFAULT_LOGIN_TEXTS, ...pick(FALLBACK), ...pick(locale) } };
    },
  };
}

/** Used only when the web's locale files are not built (server tests). */
const DEFAULT_LOGIN_TEXTS: LoginTexts = {
  title: 'Sign in',
  heading: 'Sign in to your account',
  email: 'Email address',
  password: 'Password',
  submit: 'Sign in',
  invalidCredentials: 'The email address or password is incorrect.',
  throttled: 'Too many failed sign-in attempts. Please try again in {{minutes}} minutes.',
  expiredHeading: 'Your sign-in has expired',
  expiredBody: 'Please start again.',
  startAgain: 'Start again',
  forgotPassword: 'Forgot password?',
  newCustomer: 'New here?',
  createAccount: 'Create an account',
  haveAccount: 'Already have an account?',
  backToSignIn: 'Back to sign in',
  goToSignIn: 'Go to sign in',
  formErrors: 'Please correct the marked fields.',
  emailInvalid: 'Please enter a valid email address, such as name@example.com.',
  invalidCharacters: 'This field contains characters that are not allowed, such as line breaks or invisible control characters.',
  requestsThrottled: 'Too many requests. Please try again in {{minutes}} minutes.',
  checkEmailHeading: 'Check your email',
  forgotHeading: 'Reset your password',
  forgotIntro: 'Enter the email address of your account. We will send you a link to choose a new password.',
  forgotSubmit: 'Send link',
  forgotSentBody: 'If an account exists for {{email}}, we have sent a link to that address to reset the password. The link works once, for {{minutes}} minutes. If no email arrives, please check your spam folder.',
  resetHeading: 'Choose a new password',
  resetIntro: 'Choose a new password for the account {{email}}.',
  newPassword: 'New password',
  passwordHint: 'At least {{min}} characters.',
  passwordTooShort: 'The password must be at least {{min}} characters long.',
  passwordTooLong: 'The password must be at most {{max}} characters long.',
  resetSubmit: 'Save new password',
  resetDoneHeading: 'Your password has been changed',
  resetDoneBody: 'You can now sign in with your new password. For your security, you have been signed out on all your devices.',
  linkInvalidHeading: 'This link no longer works',
  linkInvalidBody: 'It has already been used, a newer link has been sent, or it has expired. You can ask for a new one on the sign-in page.',
  registerHeading: 'Create an account',
  firstName: 'First name',
  lastName: 'Last name',
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  nameTooLong: 'Please use no more than {{max}} characters.',
  registerSubmit: 'Create account',
  registerSentBody: 'We have sent an email to {{email}}. Please follow the instructions in it within {{hours}} hours to finish creating your account.',
  confirmHeading: 'Confirm your email address',
  confirmIntro: 'Confirm below to create your account for {{email}}.',
  confirmSubmit: 'Create my account',
  accountReadyHeading: 'Your account is ready',
  accountReadyBody: 'You can now sign in with your email address and password.',
  accountExistsHeading: 'This email address already has an account',
  accountExistsBody: 'Sign in with it, or use “Forgot password?” on the sign-in page if you no longer know the password.',
};
