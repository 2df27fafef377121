import type { DeliveryType } from '@shoebox/contracts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ADDRESS_FIELDS, addressErrorKey, type PrintsOrderForm } from '../lib/prints-order-form';
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
          {ADDRESS_FIELDS.map((field) => {
            const error = errors.address?.[field];
            const errorId = `address-${field}-error`;
            return (
              <div key={field} className={styles.field}>
                <label htmlFor={`address-${field}`}>{t(`address.${field}`)}</label>
                <input
                  id={`address-${field}`}
                  autoComplete={AUTOCOMPLETE[field]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  {...register(`address.${field}`)}
                />
                {error && (
                  <p id={errorId} className={styles.error}>
                    {t(addressErrorKey(error.message))}
                  </p>
                )}
              </div>
            );
          })}
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

const AUTOCOMPLETE: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  street: 'address-line1',
  houseNumber: 'address-line2',
  postalCode: 'postal-code',
  city: 'address-level2',
  phone: 'tel',
};
