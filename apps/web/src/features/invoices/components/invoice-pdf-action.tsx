import type { HistoricalInvoice } from '@shoebox/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { useInvoicePdfLink, type InvoicePdfKind } from '../api/get-invoice-pdf-link';
import styles from './invoice-row.module.css';

/** The request state every request carries (spec §3). */
export type RequestState = 'NotRequested' | 'InProgress' | 'Finished' | 'Failed';

const correlationIdOf = (error: unknown) => (error as { correlationId?: unknown } | null)?.correlationId;

/**
 * One PDF of an invoice (spec §2.5: each has a request state and a url). Asking opens the PDF in a new tab and
 * leaves an Open link beside it until the link expires; then the item is back to not requested.
 */
export function InvoicePdfAction({ kind, invoice }: { kind: InvoicePdfKind; invoice: HistoricalInvoice }) {
  const { t } = useTranslation('invoices');
  const request = useInvoicePdfLink(kind, invoice);
  const state: RequestState = request.isPending ? 'InProgress' : request.isSuccess ? 'Finished' : request.isError ? 'Failed' : 'NotRequested';
  const link = request.data;
  const { reset } = request;

  useEffect(() => {
    if (!link) return;
    const timer = setTimeout(reset, Math.max(0, Date.parse(link.expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [link, reset]);

  const names = { number: invoice.invoiceNumber };
  const label = kind === 'group' ? t('pdf.group') : t('pdf.invoice');

  if (state === 'Finished' && link) {
    return (
      <a className={buttonClass.secondary} href={link.url} target="_blank" rel="noopener" aria-label={kind === 'group' ? t('pdf.openGroupNamed', names) : t('pdf.openNamed', names)}>
        {t('pdf.open', { name: label })}
      </a>
    );
  }
  const correlationId = correlationIdOf(request.error);
  return (
    <div className={styles.action}>
      <button
        type="button"
        className={kind === 'group' ? buttonClass.secondary : buttonClass.primary}
        aria-label={kind === 'group' ? t('pdf.groupNamed', names) : t('pdf.invoiceNamed', names)}
        aria-disabled={state === 'InProgress' || undefined}
        onClick={() => {
          if (state === 'InProgress') return;
          request.mutate(undefined, { onSuccess: ({ url }) => void window.open(url, '_blank', 'noopener') });
        }}
      >
        {state === 'InProgress' ? t('pdf.preparing') : label}
      </button>
      {state === 'Failed' && (
        <p className={styles.failure} role="alert">
          {t('pdf.failed')}
          {typeof correlationId === 'string' && <span className={styles.reference}>{t('pdf.reference', { id: correlationId })}</span>}
        </p>
      )}
    </div>
  );
}
