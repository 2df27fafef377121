import { useTranslation } from 'react-i18next';
import { usePublicConfiguration } from '../../../api/storefront/get-public-configuration';
import { MessagePanel } from '../../../components/ui/message-panel';
import { NavButton } from '../../../components/ui/nav-button';
import styles from './public-pages.module.css';

export function AccountDeletedPage() {
  const { t } = useTranslation();
  const { routes } = usePublicConfiguration();
  return (
    <>
      <MessagePanel title={t('titles.accountDeleted')}>
        <p>{t('public.accountDeleted.body')}</p>
      </MessagePanel>
      <div className={styles.panels}>
        <section className={styles.panel} aria-labelledby="create-account-title">
          <h2 id="create-account-title">{t('public.accountDeleted.createAccountTitle')}</h2>
          <p>{t('public.accountDeleted.createAccountBody')}</p>
          <NavButton variant="primary" href={routes.createAccount}>
            {t('public.accountDeleted.createAccountAction')}
          </NavButton>
        </section>
        <section className={styles.panel} aria-labelledby="products-title">
          <h2 id="products-title">{t('public.accountDeleted.productsTitle')}</h2>
          <p>{t('public.accountDeleted.productsBody')}</p>
          <NavButton variant="secondary" href={routes.products}>
            {t('public.accountDeleted.productsAction')}
          </NavButton>
        </section>
      </div>
    </>
  );
}
