import type { PaymentMethodInput, PaymentMethodKind } from '@shoebox/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { HttpError } from '../../../lib/http/errors';
import { readServerRefusalIssues } from '../lib/server-issues';
import { useChangePaymentMethod } from '../api/change-payment-method';
import { isPaymentField, serverProblem, usePaymentForm, type PaymentField } from '../lib/payment-form';
import { FormField } from './form-field';
import styles from './settings.module.css';

type Outcome = 'saved' | 'failed' | undefined;

/** The fields each kind asks for; iDEAL, Bancontact and Klarna need none here. */
const FIELDS_OF: Partial<Record<PaymentMethodKind, { name: PaymentField; label: string; autoComplete: string; inputMode?: 'numeric' | 'email' }[]>> = {
  card: [
    { name: 'number', label: 'number', autoComplete: 'cc-number', inputMode: 'numeric' },
    { name: 'expiryMonth', label: 'expiryMonth', autoComplete: 'cc-exp-month', inputMode: 'numeric' },
    { name: 'expiryYear', label: 'expiryYear', autoComplete: 'cc-exp-year', inputMode: 'numeric' },
    { name: 'holder', label: 'cardHolder', autoComplete: 'cc-name' },
  ],
  sepaDirectDebit: [
    { name: 'iban', label: 'iban', autoComplete: 'off' },
    { name: 'holder', label: 'accountHolder', autoComplete: 'name' },
  ],
  paypal: [{ name: 'email', label: 'email', autoComplete: 'email', inputMode: 'email' }],
};

/**
 * Another payment method, of a kind the storefront offers, checked on submit. The card number is cleared
 * from the form whatever the answer, and the request is forgotten once its outcome is read, so it is kept
 * nowhere after the submit; a 400 puts the server's word on the fields it names.
 */
export function PaymentMethodForm({ available, storedKind }: { available: PaymentMethodKind[]; storedKind: PaymentMethodKind | undefined }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const { form, problem } = usePaymentForm(available, storedKind);
  const change = useChangePaymentMethod();
  const [outcome, setOutcome] = useState<Outcome>();
  const sending = useRef(false);
  const kind = form.watch('kind');

  const save = async (input: PaymentMethodInput) => {
    if (sending.current) return;
    sending.current = true;
    setOutcome(undefined);
    try {
      await change.mutateAsync(input);
      form.reset({ kind: input.kind, number: '', expiryMonth: '', expiryYear: '', holder: '', iban: '', email: '' });
      setOutcome('saved');
    } catch (error) {
      form.setValue('number', '');
      const issues = error instanceof HttpError && error.status === 400 ? readServerRefusalIssues(error.text).filter((issue) => isPaymentField(issue.field)) : [];
      for (const issue of issues) form.setError(issue.field as PaymentField, { type: 'server', message: serverProblem(issue) });
      setOutcome(issues.length > 0 ? undefined : 'failed');
    } finally {
      change.reset();
      sending.current = false;
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(save)(event)}>
      <fieldset className={styles.kinds}>
        <legend>{t('payment.choose')}</legend>
        {available.map((option) => (
          <label key={option} className={styles.kind}>
            <input type="radio" value={option} {...form.register('kind')} />
            {t(`payment.${option}`)}
          </label>
        ))}
      </fieldset>
      {FIELDS_OF[kind] ? (
        <div className={styles.grid}>
          {FIELDS_OF[kind].map(({ name, label, autoComplete, inputMode }) => {
            const found = problem(name);
            return (
              <FormField
                key={`${kind}-${name}`}
                id={`${id}-${kind}-${name}`}
                label={t(`payment.${label}` as 'payment.number')}
                problem={found && t(`paymentErrors.${found}`)}
                input={{ type: 'text', autoComplete, inputMode, spellCheck: false, ...form.register(name) }}
              />
            );
          })}
        </div>
      ) : (
        <p className={styles.muted}>{t('payment.kindOnly', { kind: t(`payment.${kind}`) })}</p>
      )}
      {problem('kind') && <p className={styles.fieldProblem}>{t('paymentErrors.kind')}</p>}
      <div role="status" className={styles.live}>{outcome === 'saved' && <p>{t('payment.saved')}</p>}</div>
      {outcome === 'failed' && (
        <p role="alert" className={styles.problem}>
          {t('form.saveFailed')}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass.primary} aria-disabled={change.isPending || undefined}>
          {change.isPending ? t('payment.saving') : t('payment.save')}
        </button>
      </div>
    </form>
  );
}
