import type { CustomerAddress } from '@shoebox/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../lib/paths';
import { useAddressBookChanged } from '../api/address-book-changed';
import { useChangeAddress } from '../api/change-address';
import { useDeleteAddress } from '../api/delete-address';
import { addressSummary, inputOf } from '../lib/address-lines';
import styles from './address-row.module.css';

interface AddressRowProps {
  address: CustomerAddress;
  business: boolean;
  /** Said once the address is gone or made the default, for the page to announce. */
  onDone: (message: string) => void;
}

/**
 * One address: its lines, the default mark, Change (its screen), Delete (asks first) and, on the others,
 * Make default. A delete in progress shows on the row until the list is read again without it; one that
 * fails puts the row back as it was and says so in a toast.
 */
export function AddressRow({ address, business, onDone }: AddressRowProps) {
  const { t } = useTranslation('addresses');
  const remove = useDeleteAddress();
  const makeDefault = useChangeAddress();
  const bookChanged = useAddressBookChanged();
  const [confirming, setConfirming] = useState(false);
  const summary = addressSummary(address);
  const deleting = remove.isPending || remove.isSuccess;
  const busy = deleting || makeDefault.isPending;

  const confirmDelete = () => {
    setConfirming(false);
    remove.mutate(address.id, {
      onSuccess: async () => {
        await bookChanged();
        onDone(t('list.deleted'));
      },
      onError: () => toast.error(t('list.deleteFailed')),
    });
  };
  const moveDefault = () => {
    if (busy) return;
    makeDefault.mutate(
      { id: address.id, address: inputOf(address, true) },
      {
        onSuccess: async () => {
          await bookChanged();
          onDone(t('list.madeDefault', { address: summary }));
        },
        onError: () => toast.error(t('list.makeDefaultFailed')),
      },
    );
  };

  return (
    <li className={`${styles.row} ${deleting ? styles.deleting : ''}`} aria-label={summary} aria-busy={deleting || undefined}>
      <div className={styles.details}>
        {address.isDefault && <p className={styles.badge}>{t('list.default')}</p>}
        <p className={styles.lines}>
          <span>
            {address.firstName} {address.lastName}
          </span>
          <span>
            {address.street} {address.houseNumber}
          </span>
          <span>
            {address.postalCode} {address.city}
          </span>
          {address.phone && <span>{address.phone}</span>}
        </p>
        {deleting && (
          <p className={styles.status} role="status">
            {t('list.deleting')}
          </p>
        )}
      </div>
      {!deleting && (
        <div className={styles.actions}>
          <Link className={buttonClass.secondary} to={business ? paths.businessAddress(address.id) : paths.address(address.id)} aria-label={t('list.changeNamed', { address: summary })}>
            {t('list.change')}
          </Link>
          {!address.isDefault && (
            <button type="button" className={buttonClass.secondary} aria-label={t('list.makeDefaultNamed', { address: summary })} aria-disabled={busy || undefined} onClick={moveDefault}>
              {makeDefault.isPending ? t('list.working') : t('list.makeDefault')}
            </button>
          )}
          <button
            type="button"
            className={buttonClass.secondary}
            aria-label={t('list.deleteNamed', { address: summary })}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) setConfirming(true);
            }}
          >
            {t('list.delete')}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('deleteDialog.title')}
          closeLabel={t('deleteDialog.close')}
          cancelLabel={t('deleteDialog.cancel')}
          confirmLabel={t('deleteDialog.confirm')}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        >
          {t('deleteDialog.body', { address: summary })}
        </ConfirmDialog>
      )}
    </li>
  );
}
