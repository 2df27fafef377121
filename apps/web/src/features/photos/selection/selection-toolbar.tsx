import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { useServices } from '../../../lib/services';
import { MAX_DOWNLOAD_PHOTOS } from './resolve-selection';
import styles from './selection-toolbar.module.css';

export interface SelectionActions {
  onDownload?: () => void;
  onCopyToAlbum?: () => void;
  onDelete: () => void;
  onOrderPrints?: () => void;
}

interface SelectionToolbarProps extends SelectionActions {
  amount: number;
  everythingSelected: boolean;
  onCancel: () => void;
  onSelectAll: () => void;
  onDeselectAll: () => void;
}

/**
 * The bottom toolbar of selection mode: Cancel, '{amount} selected', Select all or Deselect all, and the
 * actions. Download needs 1 to 100 photos (over 100 it explains 'Up to 100 photos can be downloaded at a
 * time'); Copy to album (flagged), Delete and Order prints (flagged, not in stripped mode) need at least one.
 */
export function SelectionToolbar({ amount, everythingSelected, onCancel, onSelectAll, onDeselectAll, onDownload, onCopyToAlbum, onDelete, onOrderPrints }: SelectionToolbarProps) {
  const { t } = useTranslation('photos');
  const { flags, stripped } = useServices();
  const none = amount === 0;
  const downloadDisabled = none || amount > MAX_DOWNLOAD_PHOTOS;

  return (
    <div className={styles.toolbar} role="region" aria-label={t('selection.toolbarLabel')}>
      <div className={styles.selection}>
        <button type="button" className={styles.plain} onClick={onCancel}>
          {t('selection.cancel')}
        </button>
        <span className={styles.amount} role="status">
          {t('selection.amountSelected', { amount })}
        </span>
        <button type="button" className={styles.plain} onClick={everythingSelected ? onDeselectAll : onSelectAll}>
          {everythingSelected ? t('selection.deselectAll') : t('selection.selectAll')}
        </button>
      </div>
      <div className={styles.actions}>
        <Tooltip content={amount > MAX_DOWNLOAD_PHOTOS ? t('selection.downloadLimit') : null}>
          <button
            type="button"
            className={styles.action}
            aria-disabled={downloadDisabled || undefined}
            onClick={() => {
              if (!downloadDisabled) onDownload?.();
            }}
          >
            {t('selection.download')}
          </button>
        </Tooltip>
        {flags.isOn('PhotoManagementCopyToAlbumEnabled') && (
          <button type="button" className={styles.action} disabled={none} onClick={onCopyToAlbum}>
            {t('selection.copyToAlbum')}
          </button>
        )}
        <button type="button" className={`${styles.action} ${styles.delete}`} disabled={none} onClick={onDelete}>
          {t('selection.delete')}
        </button>
        {flags.isOn('PhotoManagementOrderPrintsEnabled') && !stripped() && (
          <button type="button" className={`${styles.action} ${styles.primary}`} disabled={none} onClick={onOrderPrints}>
            {t('selection.orderPrints')}
          </button>
        )}
      </div>
    </div>
  );
}
