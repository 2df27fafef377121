import { DELIVERY_COUNTRIES, type Address, type AddressInput } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { AddressFields } from '../../../components/address-form/address-fields';
import type { AddressProblem } from '../../../components/address-form/check-address';
import { useAddressForm } from '../lib/address-form';
import styles from './address-form.module.css';

interface AddressFormProps {
  address: Address;
  busy: boolean;
  onSubmit: (address: AddressInput) => void;
  onCancel: () => void;
}

/** A new delivery address, typed over the present one; checked on submit, each field with its own message. */
export function AddressForm({ address, busy, onSubmit, onCancel }: AddressFormProps) {
  const { t, i18n } = useTranslation('orders');
  const { form, problem } = useAddressForm(address);
  const id = useId();
  const countryName = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const problemText = (found: AddressProblem) => (found === 'required' || found === 'invalid' ? t(`address.${found}`) : t(`address.messages.${found}`));

  return (
    <form className={styles.form} aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('address.formTitle')}
      </h3>
      <div className={styles.grid}>
        <AddressFields
          idPrefix={id}
          register={(name) => form.register(name)}
          problemOf={problem}
          labelOf={(name) => t(`address.${name}`)}
          problemText={problemText}
          readOnly={busy}
        />
        <div className={styles.field}>
          <label htmlFor={`${id}-countryCode`}>{t('address.country')}</label>
          <select id={`${id}-countryCode`} autoComplete="country" disabled={busy} {...form.register('countryCode')}>
            {DELIVERY_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {countryName.of(code) ?? code}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={buttonClass.primary} aria-disabled={busy || undefined}>
          {busy ? t('address.saving') : t('address.save')}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onCancel} disabled={busy}>
          {t('address.cancel')}
        </button>
      </div>
    </form>
  );
}
