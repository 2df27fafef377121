import { MAX_PHOTOS_PER_DOWNLOAD } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { useServices } from '../../../lib/services';
import { useSelection } from '../stores/selection-context';
import styles from './selection-toolbar.module.css';

/** A button that stays focusable and says why it is unavailable (on a shared album; Order prints where it is not wired yet). */
function Unavailable({ reason, className, children }: { reason: string; className?: string; children: string }) {
  return (
    <Tooltip content={reason}>
      <button type="button" className={className} aria-disabled="true">
        {children}
      </button>
    </Tooltip>
  );
}

interface SelectionToolbarProps {
  amount: number;
  everythingSelected: boolean;
  /** Called with 1 to 100 photos selected. */
  onDownload: () => void;
  onCopyToAlbum?: () => void;
  onDelete?: () => void;
  onOrderPrints?: () => void;
  /** On album pages only: 'Delete from album' (remove from the album, or delete from the library). */
  onDeleteFromAlbum?: () => void;
  /** Set on a shared album: Copy to album, Delete and Order prints show disabled with this tooltip. */
  unavailableReason?: string;
}

/**
 * The bottom toolbar of selection mode: Cancel, '{amount} selected', Select all or Deselect all, and the
 * actions. Download needs 1 to 100 photos (over 100 it explains 'Up to 100 photos can be downloaded at a
 * time'); Copy to album (flagged), Delete and Order prints (flagged, not in stripped mode) need at least one.
 */
export function SelectionToolbar({
  amount,
  everythingSelected,
  onDownload,
  onCopyToAlbum,
  onDelete,
  onOrderPrints,
  onDeleteFromAlbum,
  unavailableReason,
}: SelectionToolbarProps) {
  const { t } = useTranslation('photos');
  const { flags, stripped } = useServices();
  const { dispatch } = useSelection();
  const none = amount === 0;
  const downloadDisabled = none || amount > MAX_PHOTOS_PER_DOWNLOAD;

  return (
    <>
      {/* Room at the end of the page, so the last row of photos can scroll out from under the toolbar. */}
      <div className={styles.spacer} aria-hidden="true" />
      <div className={styles.toolbar} role="region" aria-label={t('selection.toolbarLabel')}>
        <div className={styles.selection}>
          <button type="button" className={styles.plain} onClick={() => dispatch({ type: 'stop' })}>
            {t('selection.cancel')}
          </button>
          <span className={styles.amount} role="status">
            {t('selection.amountSelected', { amount })}
          </span>
          <button type="button" className={styles.plain} onClick={() => dispatch({ type: everythingSelected ? 'deselectAll' : 'selectAll' })}>
            {everythingSelected ? t('selection.deselectAll') : t('selection.selectAll')}
          </button>
        </div>
        <div className={styles.actions}>
          <Tooltip content={amount > MAX_PHOTOS_PER_DOWNLOAD ? t('selection.downloadLimit') : null}>
            <button
              type="button"
              className={styles.action}
              aria-disabled={downloadDisabled || undefined}
              onClick={() => {
                if (!downloadDisabled) onDownload();
              }}
            >
              {t('selection.download')}
            </button>
          </Tooltip>
          {flags.isOn('PhotoManagementCopyToAlbumEnabled') &&
            (unavailableReason ? (
              <Unavailable reason={unavailableReason} className={styles.action}>
                {t('selection.copyToAlbum')}
              </Unavailable>
            ) : (
              <button type="button" className={styles.action} disabled={none} onClick={onCopyToAlbum}>
                {t('selection.copyToAlbum')}
              </button>
            ))}
          {unavailableReason ? (
            <Unavailable reason={unavailableReason} className={`${styles.action} ${styles.delete}`}>
              {t('selection.delete')}
            </Unavailable>
          ) : (
            <button type="button" className={`${styles.action} ${styles.delete}`} disabled={none} onClick={onDelete}>
              {t('selection.delete')}
            </button>
          )}
          {onDeleteFromAlbum && (
            <button type="button" className={`${styles.action} ${styles.delete}`} disabled={none} onClick={onDeleteFromAlbum}>
              {t('selection.deleteFromAlbum')}
            </button>
          )}
          {flags.isOn('PhotoManagementOrderPrintsEnabled') &&
            !stripped() &&
            (unavailableReason || !onOrderPrints ? (
              <Unavailable reason={unavailableReason ?? t('selection.notAvailableYet')} className={`${styles.action} ${styles.primary}`}>
                {t('selection.orderPrints')}
              </Unavailable>
            ) : (
              <button type="button" className={`${styles.action} ${styles.primary}`} disabled={none} onClick={onOrderPrints}>
                {t('selection.orderPrints')}
              </button>
            ))}
        </div>
      </div>
    </>
  );
}
