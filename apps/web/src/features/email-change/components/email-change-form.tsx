import type { EmailChangeRequest } from '@shoebox/contracts';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import { isHttpStatus } from '../../../lib/http/errors';
import { useServices } from '../../../lib/services';
import { useRequestEmailChange } from '../api/request-email-change';
import { useEmailChangeForm } from '../lib/email-change-form';
import styles from './email-change-form.module.css';

/**
 * The new address and its request: on success the customer is told where the confirmation link went;
 * an address in use, too many requests and any other failure each say so (account-area §5).
 */
export function EmailChangeForm({ identity }: { identity: SignedInIdentity }) {
  const { t } = useTranslation('account');
  const { channel } = useServices();
  const fieldId = useId();
  const problemId = useId();
  const { form, problem } = useEmailChangeForm(channel.code);
  const request = useRequestEmailChange(identity);
  // Kept at once, unlike the mutation's state: a second submit while the first is under way, or of the
  // address the link already went to, sends nothing more.
  const sending = useRef(false);
  const sentTo = useRef<string>(undefined);

  const send = (values: EmailChangeRequest) => {
    if (sending.current || sentTo.current === values.email) return;
    sending.current = true;
    request.mutate(values, {
      onSuccess: () => (sentTo.current = values.email),
      onSettled: () => (sending.current = false),
    });
  };

  const refusal = !request.isError
    ? undefined
    : isHttpStatus(request.error, 409)
      ? t('emailChange.inUse')
      : isHttpStatus(request.error, 429)
        ? t('emailChange.tooMany')
        : t('emailChange.failed');
  const canRetry = request.isError && !isHttpStatus(request.error, 409) && !isHttpStatus(request.error, 429);

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(send)(event)}>
      <div className={styles.field}>
        <label htmlFor={fieldId}>{t('emailChange.newAddress')}</label>
        <input
          id={fieldId}
          type="email"
          autoComplete="email"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          {...form.register('email')}
        />
        {problem && (
          <p id={problemId} className={styles.problem}>
            {t(`emailChange.${problem}`)}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="submit" className={buttonClass.primary} aria-disabled={request.isPending || undefined}>
          {request.isPending ? t('emailChange.sending') : t('emailChange.submit')}
        </button>
      </div>
      {request.isSuccess && (
        <p role="status" className={styles.sent}>
          {t('emailChange.sent', { email: request.variables.email })}
        </p>
      )}
      {refusal && (
        <div role="alert" className={styles.refusal}>
          <p>{refusal}</p>
          {canRetry && (
            <button type="button" className={buttonClass.secondary} onClick={() => send(request.variables)}>
              {t('emailChange.retry')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
