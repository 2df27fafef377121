import type { AddressInput, SuperOrder } from '@shoebox/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { isHttpStatus } from '../../../lib/http/errors';
import { useChangeDeliveryAddress } from '../api/change-delivery-address';
import { AddressBlock } from './address-block';
import { AddressForm } from './address-form';
import styles from './order-details.module.css';

/** Spec §4 "Address change". */
type AddressChangeState = 'NotStarted' | 'Editing' | 'RequestInProgress' | 'RequestSent' | 'SuccessfulUpdate' | 'RequestFailed';

/**
 * The delivery address and its change: offered only while the order allows it. A sent address waits for the
 * order to be read again before it counts as updated; a 409 means the window closed meanwhile, and the
 * order, read again, shows where it now stands.
 */
export function DeliveryAddress({ order }: { order: SuperOrder }) {
  const { t } = useTranslation('orders');
  const headingId = useId();
  const { change, refresh } = useChangeDeliveryAddress(order.orderCode);
  const [state, setState] = useState<AddressChangeState>('NotStarted');
  const [closed, setClosed] = useState(false);

  const submit = (address: AddressInput) => {
    if (state === 'RequestInProgress') return;
    setState('RequestInProgress');
    change.mutate(address, {
      onSuccess: () => {
        setState('RequestSent');
        void refresh().then(() => setState((now) => (now === 'RequestSent' ? 'SuccessfulUpdate' : now)));
      },
      onError: (error) => {
        setClosed(isHttpStatus(error, 409));
        setState('RequestFailed');
        void refresh();
      },
    });
  };

  const editing = state === 'Editing' || state === 'RequestInProgress' || (state === 'RequestFailed' && !closed);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subheading}>
        {t('details.deliveryAddress')}
      </h3>
      <AddressBlock address={order.deliveryAddress} className={styles.address} />
      <div role="status" className={styles.live}>
        {state === 'RequestSent' && <p className={styles.note}>{t('address.sent')}</p>}
        {state === 'SuccessfulUpdate' && <p className={styles.success}>{t('address.updated')}</p>}
      </div>
      {state === 'RequestFailed' && (
        <p role="alert" className={styles.problem}>
          {closed ? t('address.closed') : t('address.failed')}
        </p>
      )}
      {editing && order.deliveryAddressChangeable ? (
        <AddressForm address={order.deliveryAddress} busy={state === 'RequestInProgress'} onSubmit={submit} onCancel={() => setState('NotStarted')} />
      ) : (
        order.deliveryAddressChangeable && (
          <button type="button" className={`${buttonClass.secondary} ${styles.action}`} onClick={() => setState('Editing')}>
            {t('address.change')}
          </button>
        )
      )}
    </section>
  );
}
