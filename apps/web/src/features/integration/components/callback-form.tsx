import { CALLBACK_FORMATS, type FtpIntegration } from '@shoebox/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { useUpdateFtpIntegration } from '../api/update-ftp-integration';
import { useCallbackForm, type CallbackSettings } from '../lib/callback-form';
import styles from './integration.module.css';

type Outcome = 'saved' | 'stopped' | 'failed' | undefined;

/** The order-ready callback (§2.7, §3): where and in which format, saved by PATCH /customers/me; or stopped (both null). */
export function CallbackForm({ integration }: { integration: FtpIntegration | null }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const { form, problem } = useCallbackForm(integration);
  const update = useUpdateFtpIntegration();
  const [outcome, setOutcome] = useState<Outcome>();
  // One request at a time, whatever is clicked twice.
  const sending = useRef(false);
  const active = integration?.callbackUrl && integration.callbackFormat ? integration : null;

  const send = async (body: CallbackSettings | { callbackUrl: null; callbackFormat: null }) => {
    if (sending.current) return;
    sending.current = true;
    setOutcome(undefined);
    try {
      await update.mutateAsync(body);
      if (body.callbackUrl === null) form.reset({ callbackUrl: '', callbackFormat: CALLBACK_FORMATS[0] });
      setOutcome(body.callbackUrl === null ? 'stopped' : 'saved');
    } catch {
      setOutcome('failed');
    } finally {
      sending.current = false;
    }
  };
  const urlProblem = problem('callbackUrl');

  return (
    <>
      <p>{active ? t('ftp.current', { url: active.callbackUrl, format: t(`ftp.${active.callbackFormat!}`) }) : t('ftp.off')}</p>
      <form className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(send)(event)}>
        <div className={styles.field}>
          <label htmlFor={`${id}-url`}>{t('ftp.callbackUrl')}</label>
          <p id={`${id}-url-hint`} className={styles.muted}>
            {t('ftp.callbackUrlHint')}
          </p>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            aria-invalid={urlProblem ? true : undefined}
            aria-describedby={`${id}-url-hint${urlProblem ? ` ${id}-url-problem` : ''}`}
            {...form.register('callbackUrl')}
          />
          {urlProblem && (
            <p id={`${id}-url-problem`} className={styles.fieldProblem}>
              {t(`ftp.${urlProblem}`)}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-format`}>{t('ftp.callbackFormat')}</label>
          <select id={`${id}-format`} {...form.register('callbackFormat')}>
            {CALLBACK_FORMATS.map((format) => (
              <option key={format} value={format}>
                {t(`ftp.${format}`)}
              </option>
            ))}
          </select>
          {problem('callbackFormat') && <p className={styles.fieldProblem}>{t('ftp.formatRequired')}</p>}
        </div>
        <div role="status" className={styles.live}>{outcome === 'saved' ? <p>{t('ftp.saved')}</p> : outcome === 'stopped' ? <p>{t('ftp.stopped')}</p> : null}</div>
        {outcome === 'failed' && (
          <p role="alert" className={styles.problem}>
            {t('form.saveFailed')}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={buttonClass.primary} aria-disabled={update.isPending || undefined}>
            {update.isPending ? t('ftp.saving') : t('ftp.save')}
          </button>
          {active && (
            <button type="button" className={buttonClass.secondary} aria-disabled={update.isPending || undefined} onClick={() => void send({ callbackUrl: null, callbackFormat: null })}>
              {t('ftp.stop')}
            </button>
          )}
        </div>
      </form>
    </>
  );
}
