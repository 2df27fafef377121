import { findChannel } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ListLoadError } from '../../../components/ui/list-notices';
import { Spinner } from '../../../components/ui/spinner';
import { useMe } from '../../../api/customer/get-me';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useAddresses } from '../api/get-addresses';
import { AddressEditor } from '../components/address-editor';
import styles from './address-page.module.css';

/**
 * /settings/new-address and /settings/address/{id}, and the business pair (spec §2.1, §2.7): the same
 * screen, the address to change read from the customer's address book. An id that is not in it (deleted,
 * mistyped, another customer's) says so instead of showing a form.
 */
export function AddressPage() {
  const { t } = useTranslation('addresses');
  const { addressId } = useParams();
  const addresses = useAddresses();
  const me = useMe();
  const { channel } = useServices();
  // The countries are those of the customer's own storefront, whose rule the server applies, wherever the page is read.
  const storefront = findChannel(me.data?.channel) ?? channel;
  const back = (
    <Link className={styles.back} to={paths.allAddresses}>
      {t('form.back')}
    </Link>
  );

  if (me.isPending) {
    return (
      <div className={styles.page}>
        {back}
        <Spinner label={t('list.loading')} />
      </div>
    );
  }
  if (addressId === undefined) {
    return (
      <div className={styles.page}>
        {back}
        <AddressEditor storefront={storefront} />
      </div>
    );
  }
  const address = addresses.addresses?.find((a) => a.id === addressId);
  return (
    <div className={styles.page}>
      {back}
      {addresses.isPending ? (
        <Spinner label={t('list.loading')} />
      ) : addresses.isError ? (
        <ListLoadError message={t('list.loadError')} retryLabel={t('list.retry')} onRetry={() => void addresses.refetch()} />
      ) : address ? (
        <AddressEditor key={address.id} address={address} storefront={storefront} />
      ) : (
        <section className={styles.notFound} aria-labelledby="address-not-found">
          <h2 id="address-not-found">{t('notFound.title')}</h2>
          <p>{t('notFound.body')}</p>
        </section>
      )}
    </div>
  );
}
