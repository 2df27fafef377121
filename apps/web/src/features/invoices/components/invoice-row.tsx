import type { HistoricalInvoice } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InvoicePdfAction } from './invoice-pdf-action';
import styles from './invoice-row.module.css';

/** One invoice: its number, order, date and totals in its own currency, and its PDFs. */
export function InvoiceRow({ invoice }: { invoice: HistoricalInvoice }) {
  const { t, i18n } = useTranslation('invoices');
  const nameId = useId();
  const money = (minor: number) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: invoice.currency }).format(minor / 100);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(invoice.issuedAt));

  return (
    <li className={styles.row} aria-labelledby={nameId}>
      <div className={styles.details}>
        <h2 id={nameId} className={styles.number}>
          {t('page.invoiceNumber', { number: invoice.invoiceNumber })}
        </h2>
        <p className={styles.meta}>
          <span>{t('page.order', { code: invoice.orderCode })}</span>
          <span>{t('page.issued', { date })}</span>
        </p>
        <p className={styles.amounts}>
          <span className={styles.total}>{t('page.totalInclVat', { amount: money(invoice.totalInclVat) })}</span>
          <span>{t('page.vat', { amount: money(invoice.vat) })}</span>
        </p>
      </div>
      <div className={styles.actions}>
        <InvoicePdfAction kind="invoice" invoice={invoice} />
        {invoice.invoiceGroupId && <InvoicePdfAction kind="group" invoice={invoice} />}
      </div>
    </li>
  );
}
