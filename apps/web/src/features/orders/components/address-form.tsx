import { DELIVERY_COUNTRIES, type Address, type AddressInput } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { useAddressForm, type AddressField } from '../lib/address-form';
import styles from './address-form.module.css';

const TEXT_FIELDS: { name: Exclude<AddressField, 'countryCode'>; autoComplete: string; type?: string }[] = [
  { name: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'street', autoComplete: 'address-line1' },
  { name: 'houseNumber', autoComplete: 'address-line2' },
  { name: 'postalCode', autoComplete: 'postal-code' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'phone', autoComplete: 'tel', type: 'tel' },
];

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
  const problemText = (field: AddressField) => {
    const found = problem(field);
    if (found === undefined) return undefined;
    return found === 'required' || found === 'invalid' ? t(`address.${found}`) : t(`address.messages.${found}`);
  };

  return (
    <form className={styles.form} aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('address.formTitle')}
      </h3>
      <div className={styles.grid}>
        {TEXT_FIELDS.map(({ name, autoComplete, type }) => {
          const text = problemText(name);
          return (
            <div key={name} className={styles.field}>
              <label htmlFor={`${id}-${name}`}>{t(`address.${name}`)}</label>
              <input
                id={`${id}-${name}`}
                type={type ?? 'text'}
                autoComplete={autoComplete}
                aria-invalid={text ? true : undefined}
                aria-describedby={text ? `${id}-${name}-problem` : undefined}
                readOnly={busy}
                {...form.register(name)}
              />
              {text && (
                <p id={`${id}-${name}-problem`} className={styles.problem}>
                  {text}
                </p>
              )}
            </div>
          );
        })}
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
