import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyListNotice, ListLoadError } from '../../../components/ui/list-notices';
import { Spinner } from '../../../components/ui/spinner';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import { paths } from '../../../lib/paths';
import { useAddresses } from '../api/get-addresses';
import { AddressRow } from '../components/address-row';
import styles from './addresses-page.module.css';
import { AppToaster } from '../../../components/ui/toaster';

/**
 * /settings/addresses/all (spec §2.7): every address of the customer, the default first and marked, each
 * with Change, Delete and Make default; Add goes to the business screen for a business customer (§6).
 */
export function AddressesPage() {
  const { t } = useTranslation('addresses');
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const { state } = useLocation();
  const addresses = useAddresses();
  // An address saved on its own screen is announced here, where the customer lands.
  const [announcement, setAnnouncement] = useState<string>(() => ((state as { saved?: boolean } | null)?.saved ? t('list.saved') : ''));
  const addLink = (
    <Link className={buttonClass.primary} to={identity.isBusiness ? paths.businessNewAddress : paths.newAddress}>
      {t('list.add')}
    </Link>
  );

  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t('list.intro')}</p>
      <p role="status" className={styles.announcement}>
        {announcement}
      </p>
      {addresses.isPending ? (
        <Spinner label={t('list.loading')} />
      ) : addresses.isError ? (
        <ListLoadError message={t('list.loadError')} retryLabel={t('list.retry')} onRetry={() => void addresses.refetch()} />
      ) : addresses.data.items.length === 0 ? (
        <EmptyListNotice title={t('list.empty')} hint={t('list.emptyHint')} action={addLink} />
      ) : (
        <>
          <div className={styles.toolbar}>{addLink}</div>
          <ul className={styles.list} aria-label={t('list.listLabel')}>
            {addresses.data.items.map((address) => (
              <AddressRow key={address.id} address={address} business={identity.isBusiness} onDone={setAnnouncement} />
            ))}
          </ul>
        </>
      )}
      <AppToaster />
    </div>
  );
}
