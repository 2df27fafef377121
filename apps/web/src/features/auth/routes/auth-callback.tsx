import { useTranslation } from 'react-i18next';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { MessagePanel } from '../../../components/ui/message-panel';
import type { AppServices } from '../../../lib/services';

const RETRY_KEY = 'shoebox.signInRetries';
/** A failed sign-in is retried from scratch this many times before the customer is told. */
const MAX_SIGN_IN_RETRIES = 2;

/**
 * Finishes the sign-in. When it fails and the URL carries a state, the page reloads into a fresh
 * sign-in (spec: account-area §4); repeated failures stop the loop and say so.
 */
export const authCallbackLoader =
  (services: AppServices) =>
  async ({ request }: LoaderFunctionArgs) => {
    try {
      const returnTo = await services.auth.completeSignIn();
      sessionStorage.removeItem(RETRY_KEY);
      return redirect(returnTo);
    } catch (error) {
      services.reporter.report(error, { kind: 'Auth Error' });
      const retries = Number(sessionStorage.getItem(RETRY_KEY) ?? 0);
      if (new URL(request.url).searchParams.has('state') && retries < MAX_SIGN_IN_RETRIES) {
        sessionStorage.setItem(RETRY_KEY, String(retries + 1));
        window.location.replace('/');
        return new Promise<never>(() => {});
      }
      sessionStorage.removeItem(RETRY_KEY);
      return { failed: true };
    }
  };

export function AuthCallbackPage() {
  const { t } = useTranslation();
  useLoaderData<{ failed: true }>();
  return (
    <main id="main" style={{ padding: '48px 16px' }}>
      <MessagePanel
        title={t('errors.signInFailed')}
        actions={
          <a className={buttonClass.primary} href="/">
            {t('errors.tryAgain')}
          </a>
        }
      />
    </main>
  );
}
