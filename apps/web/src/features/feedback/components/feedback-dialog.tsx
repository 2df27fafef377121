import { FEEDBACK_COMMENT_MAX_LENGTH } from '@shoebox/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { isHttpStatus } from '../../../lib/http/errors';
import { useSendFeedback } from '../api/send-feedback';
import { feedbackBody, type FeedbackRating } from '../lib/feedback-body';
import styles from './feedback-dialog.module.css';
import { FEEDBACK_TOASTER } from './feedback-toaster';
import { RatingField } from './rating-field';

/**
 * 'How do you like your account area?': a rating (required), a comment (optional), sent with the page the
 * customer is on. Sent, it closes and thanks them; refused, it says why and keeps what they wrote.
 */
export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('feedback');
  const send = useSendFeedback();
  const formId = useId();
  const commentId = useId();
  const countId = useId();
  const [rating, setRating] = useState<FeedbackRating>();
  const [comment, setComment] = useState('');
  // Set at once (state is not, until the next render): a double click sends once.
  const busy = useRef(false);
  const sending = send.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === undefined || busy.current) return;
    busy.current = true;
    send.mutate(feedbackBody(rating, comment, window.location.pathname), {
      onSuccess: () => {
        onClose();
        toast.success(t('thanks'), { toasterId: FEEDBACK_TOASTER });
      },
      onSettled: () => {
        busy.current = false;
      },
    });
  };

  return (
    <Dialog
      title={t('title')}
      closeLabel={t('close')}
      onClose={onClose}
      dismissable={!sending}
      size="medium"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={sending}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className={`${buttonClass.primary} ${styles.send}`}
            disabled={rating === undefined || sending}
            aria-busy={sending || undefined}
          >
            {sending ? t('sending') : t('send')}
          </button>
        </>
      }
    >
      <form id={formId} noValidate className={styles.form} onSubmit={onSubmit}>
        <RatingField value={rating} onChange={setRating} disabled={sending} />
        <div className={styles.field}>
          <label htmlFor={commentId} className={styles.label}>
            {t('comment')}
          </label>
          <textarea
            id={commentId}
            className={styles.comment}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
            rows={5}
            aria-describedby={countId}
            disabled={sending}
          />
          <p id={countId} className={styles.count}>
            {t('count', { length: comment.length, max: FEEDBACK_COMMENT_MAX_LENGTH })}
          </p>
        </div>
        {send.isError && (
          <p role="alert" className={styles.failure}>
            {isHttpStatus(send.error, 429) ? t('tooMany') : t('failed')}
          </p>
        )}
      </form>
    </Dialog>
  );
}
