import { SHARE_MESSAGE_MAX_LENGTH, SHARE_SENDER_NAME_MAX_LENGTH, WIDGET_SHARE_LINK_VALID_DAYS, type Widget } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { isHttpStatus } from '../../../lib/http/errors';
import { useShareWidget } from '../api/share-widget';
import { EMPTY_SHARE, useShareForm, type ShareField } from '../lib/share-form';
import styles from './form-fields.module.css';
import shareStyles from './share-form.module.css';

/**
 * Shares one book by mail (spec §2.8, §7.8): the sender's name, the recipient's address and a personal
 * message, checked on submit. Sending, sent (to whom), or failed: 429 means later, anything else can be retried.
 */
export function ShareForm({ widget }: { widget: Widget }) {
  const { t } = useTranslation('widgets');
  const share = useShareWidget(widget.widgetId);
  const { form, problem } = useShareForm();
  const id = useId();
  const messageLength = form.watch('personalMessage').length;
  const sending = share.isPending;

  const problemText = (field: ShareField) => {
    const found = problem(field);
    return found && t(`share.problems.${found}`, { max: field === 'fromName' ? SHARE_SENDER_NAME_MAX_LENGTH : SHARE_MESSAGE_MAX_LENGTH });
  };
  const fieldProps = (field: ShareField) => {
    const text = problemText(field);
    return { id: `${id}-${field}`, 'aria-invalid': text ? true : undefined, 'aria-describedby': text ? `${id}-${field}-problem` : undefined, readOnly: sending };
  };
  const problemLine = (field: ShareField) => {
    const text = problemText(field);
    return (
      text && (
        <p id={`${id}-${field}-problem`} className={styles.problem}>
          {text}
        </p>
      )
    );
  };

  if (share.isSuccess) {
    return (
      <div className={shareStyles.sent} role="status">
        <p className={shareStyles.sentText}>{t('share.sent', { email: share.variables.toEmail })}</p>
        <p>{t('share.sentHint', { days: WIDGET_SHARE_LINK_VALID_DAYS })}</p>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => {
            form.reset({ ...EMPTY_SHARE, fromName: share.variables.fromName });
            share.reset();
          }}
        >
          {t('share.shareAgain')}
        </button>
      </div>
    );
  }

  return (
    <form
      className={styles.form}
      aria-label={t('share.formLabel', { title: widget.title })}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) void form.handleSubmit((values) => share.mutate(values))(event);
      }}
    >
      <div className={shareStyles.book}>
        {widget.coverUrl && <img src={widget.coverUrl} alt={t('list.coverAlt', { title: widget.title })} className={shareStyles.cover} />}
        <div>
          <h2 className={shareStyles.title}>{widget.title}</h2>
          <p className={styles.hint}>{t('share.intro')}</p>
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-fromName`}>{t('share.fromName')}</label>
        <input type="text" autoComplete="name" {...fieldProps('fromName')} {...form.register('fromName')} />
        {problemLine('fromName')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-toEmail`}>{t('share.toEmail')}</label>
        <input type="email" autoComplete="off" {...fieldProps('toEmail')} {...form.register('toEmail')} />
        {problemLine('toEmail')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-personalMessage`}>{t('share.personalMessage')}</label>
        <textarea {...fieldProps('personalMessage')} {...form.register('personalMessage')} />
        <p className={messageLength > SHARE_MESSAGE_MAX_LENGTH ? styles.problem : styles.hint}>
          {t('share.characters', { count: messageLength, max: SHARE_MESSAGE_MAX_LENGTH })}
        </p>
        {problemLine('personalMessage')}
      </div>
      {share.isError && (
        <div className={shareStyles.failure} role="alert">
          {isHttpStatus(share.error, 429) ? (
            <p>{t('share.tooMany')}</p>
          ) : (
            <>
              <p>{t('share.failed')}</p>
              <button type="button" className={buttonClass.secondary} onClick={() => share.mutate(share.variables)}>
                {t('share.tryAgain')}
              </button>
            </>
          )}
        </div>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass.primary} aria-disabled={sending || undefined}>
          {sending ? t('share.sending') : t('share.submit')}
        </button>
      </div>
    </form>
  );
}
