import type { DeliveryType } from '@shoebox/contracts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/address-form/address-fields';
import type { AddressProblem } from '../../../components/address-form/check-address';
import { addressErrorKey, type PrintsOrderForm } from '../lib/prints-order-form';
import styles from './delivery-fields.module.css';

interface Props {
  register: UseFormRegister<PrintsOrderForm>;
  errors: FieldErrors<PrintsOrderForm>;
  deliveryType: PrintsOrderForm['deliveryType'];
  countryName: string;
}

/** Home delivery with the address it goes to, or collection at the channel's pickup point. */
export function DeliveryFields({ register, errors, deliveryType, countryName }: Props) {
  const { t } = useTranslation('prints-editor');
  return (
    <fieldset className={styles.delivery}>
      <legend>{t('delivery.legend')}</legend>
      <div className={styles.choices}>
        {CHOICES.map((type) => (
          <label key={type} className={styles.choice}>
            <input type="radio" value={type} {...register('deliveryType')} />
            {t(`delivery.${type}`)}
          </label>
        ))}
      </div>
      {deliveryType === 'PickupPoint' ? (
        <p className={styles.hint}>{t('delivery.pickupHint')}</p>
      ) : (
        <div className={styles.address}>
          <AddressFields
            idPrefix="address"
            register={(field) => register(`address.${field}`)}
            problemOf={(field) => errors.address?.[field]?.message as AddressProblem | undefined}
            labelOf={(field) => t(`address.${field}`)}
            problemText={(problem) => t(addressErrorKey(problem))}
          />
          <p className={styles.field}>
            <span>{t('address.country')}</span> <strong>{countryName}</strong>
          </p>
        </div>
      )}
    </fieldset>
  );
}

/** Home first: it is the default, and the one most customers choose. */
const CHOICES: readonly DeliveryType[] = ['Home', 'PickupPoint'];
