import type { Customer } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { useMe } from '../../../api/customer/get-me';
import { buttonClass } from '../../../components/ui/button';
import { LazySlot } from '../../../components/ui/lazy-slot';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import { paths } from '../../../lib/paths';
import { DeleteAccountSection } from '../../account-deletion';
import { useAddresses } from '../../addresses';
import { usePaymentMethod } from '../api/get-payment-method';
import { AddressLines } from '../components/address-lines';
import { CustomerChangedNotice } from '../components/customer-changed-notice';
import { PaymentMethodSummary } from '../components/payment-method-summary';
import { Facts, Section } from '../../../components/ui/section';
import { Loaded } from '../components/loaded';
import styles from '../components/settings.module.css';

function PaymentMethodPart() {
  const { t } = useTranslation('settings');
  const payment = usePaymentMethod();
  return (
    <Section
      title={t('payment.heading')}
      action={
        <Link to={paths.paymentMethod} className={styles.link}>
          {t('payment.manage')}
        </Link>
      }
    >
      <Loaded query={payment} errorMessage={t('payment.loadError')}>
        {({ method }) => <PaymentMethodSummary method={method} />}
      </Loaded>
    </Section>
  );
}

function AddressesPart() {
  const { t } = useTranslation('settings');
  const addresses = useAddresses();
  return (
    <Section
      title={t('addresses.heading')}
      action={
        <Link to={paths.allAddresses} className={styles.link}>
          {t('addresses.all')}
        </Link>
      }
    >
      <Loaded query={addresses} errorMessage={t('addresses.loadError')}>
        {() =>
          addresses.defaultAddress ? (
            <Facts rows={[[t('addresses.default'), <AddressLines key="default" address={addresses.defaultAddress} />]]} />
          ) : (
            <p className={styles.muted}>{t('addresses.none')}</p>
          )
        }
      </Loaded>
    </Section>
  );
}

function Sections({ customer, isBusiness }: { customer: Customer; isBusiness: boolean }) {
  const { t } = useTranslation('settings');
  const business = isBusiness ? customer.business : null;
  return (
    <>
      <Section
        title={t('personal.heading')}
        action={
          <Link to={paths.personalDetails} className={buttonClass.secondary}>
            {t('personal.change')}
          </Link>
        }
      >
        <Facts
          rows={[
            [t('personal.name'), `${customer.firstName} ${customer.lastName}`],
            [t('personal.phone'), customer.phone ?? <span className={styles.muted}>{t('personal.noPhone')}</span>],
          ]}
        />
      </Section>
      <Section
        title={t('email.heading')}
        action={
          <Link to={isBusiness ? paths.businessEmail : paths.changeEmail} className={styles.link}>
            {t('email.change')}
          </Link>
        }
      >
        <p className={styles.muted}>{customer.email}</p>
      </Section>
      {business && (
        <Section
          title={t('business.heading')}
          action={
            <Link to={paths.businessSettings} className={styles.link}>
              {t('business.open')}
            </Link>
          }
        >
          <Facts
            rows={[
              [t('business.companyName'), business.companyName ?? t('business.notGiven')],
              [t('business.status'), t(`business.${business.status}`)],
            ]}
          />
        </Section>
      )}
      <PaymentMethodPart />
      <AddressesPart />
      <LazySlot>
        <DeleteAccountSection />
      </LazySlot>
    </>
  );
}

/** /settings (account-area §2.7): personal details, email, payment method, addresses and account deletion in one place. */
export function SettingsPage() {
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const me = useMe();
  return (
    <div className={styles.page}>
      <CustomerChangedNotice />
      <Loaded query={me}>{(customer) => <Sections customer={customer} isBusiness={identity.isBusiness} />}</Loaded>
    </div>
  );
}
