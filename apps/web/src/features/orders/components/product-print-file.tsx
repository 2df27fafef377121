import type { OrderProduct } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { usePdfLink } from '../api/get-pdf-link';
import { useProduct } from '../api/get-product';
import styles from './order-details.module.css';

/**
 * A product's print file (decision 114): Download PDF once it is made, a note while it is being made, nothing for a
 * product without one. The click asks for a minute-long link and opens it.
 */
export function ProductPrintFile({ product, name }: { product: OrderProduct; name: string }) {
  const { t } = useTranslation('orders');
  const file = useProduct(product).data?.files.find((f) => f.purpose === 'product.pdf');
  if (file?.state === 'pending') return <p className={styles.note}>{t('printFile.preparing')}</p>;
  if (file?.state !== 'ready') return null;
  return <DownloadPdf fileId={file.id} name={name} />;
}

function DownloadPdf({ fileId, name }: { fileId: string; name: string }) {
  const { t } = useTranslation('orders');
  const link = usePdfLink(fileId);
  return (
    <div className={styles.section}>
      <button
        type="button"
        className={`${buttonClass.secondary} ${styles.action}`}
        aria-label={t('printFile.downloadNamed', { name })}
        aria-disabled={link.isPending || undefined}
        onClick={() => {
          if (!link.isPending) link.mutate(undefined, { onSuccess: ({ url }) => void window.open(url, '_blank', 'noopener') });
        }}
      >
        {link.isPending ? t('printFile.opening') : t('printFile.download')}
      </button>
      {link.isError && (
        <p className={styles.problem} role="alert">
          {t('printFile.failed')}
        </p>
      )}
    </div>
  );
}
