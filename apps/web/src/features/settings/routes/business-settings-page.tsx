import type { Customer } from '@shoebox/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../../api/customer/get-me';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { useAddresses } from '../../addresses';
import { AddressLines } from '../components/address-lines';
import { BusinessDetailsForm } from '../components/business-details-form';
import { CustomerChangedNotice } from '../components/customer-changed-notice';
import { Facts, Section } from '../../../components/ui/section';
import { Loaded } from '../components/loaded';
import styles from '../components/settings.module.css';

function BusinessAddresses() {
  const { t } = useTranslation('settings');
  const addresses = useAddresses();
  return (
    <Section
      title={t('business.addressesHeading')}
      action={
        <Link to={paths.businessNewAddress} className={buttonClass.secondary}>
          {t('business.newAddress')}
        </Link>
      }
    >
      <Loaded query={addresses} errorMessage={t('addresses.loadError')}>
        {({ items }) =>
          items.length ? (
            <ul className={styles.list}>
              {items.map((address) => (
                <li key={address.id} className={styles.listItem}>
                  <p className={styles.muted}>
                    <AddressLines address={address} />
                  </p>
                  {address.isDefault && <p>{t('addresses.default')}</p>}
                  <Link to={paths.businessAddress(address.id)} className={styles.link}>
                    {t('business.changeAddress', { street: address.street, houseNumber: address.houseNumber })}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t('addresses.none')}</p>
          )
        }
      </Loaded>
    </Section>
  );
}

function BusinessDetails({ customer }: { customer: Customer }) {
  const { t } = useTranslation('settings');
  const business = customer.business;
  const notGiven = <span className={styles.muted}>{t('business.notGiven')}</span>;
  const editable = business?.status === 'Default' || business?.status === 'New';
  const companyRows: [string, ReactNode][] = [
    [t('business.companyName'), business?.companyName ?? notGiven],
    [t('business.vatNumber'), business?.vatNumber ?? notGiven],
  ];
  const statusRow: [string, ReactNode] = [t('business.status'), business ? t(`business.${business.status}`) : notGiven];
  return (
    <Section
      title={t('business.heading')}
      action={
        <Link to={paths.businessEmail} className={styles.link}>
          {t('business.email')}
        </Link>
      }
    >
      {/* Missing details are the form's to ask for, not a list of 'Not given yet' above it. */}
      <Facts rows={[...(business?.status === 'Default' ? [] : companyRows), statusRow, [t('email.heading'), customer.email]]} />
      {editable ? <BusinessDetailsForm customer={customer} /> : <p className={styles.muted}>{t('business.readOnly')}</p>}
    </Section>
  );
}

/** /settings/b2b (business, §2.2, §6): the company's details (given here while missing or awaiting validation), its email and its delivery addresses. */
export function BusinessSettingsPage() {
  const me = useMe();
  return (
    <div className={styles.page}>
      <CustomerChangedNotice />
      <Loaded query={me}>
        {(customer) => (
          <>
            <BusinessDetails customer={customer} />
            <BusinessAddresses />
          </>
        )}
      </Loaded>
    </div>
  );
}
