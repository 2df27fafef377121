import type { Customer, UpdateCustomer } from '@shoebox/contracts';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../../../api/customer/get-me';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { useUpdateCustomer } from '../api/update-customer';
import { FormField } from '../components/form-field';
import { Loaded } from '../components/loaded';
import styles from '../components/settings.module.css';
import { usePersonalDetailsForm, type PersonalDetailsField } from '../lib/personal-details-form';

const FIELDS: { name: PersonalDetailsField; autoComplete: string; type?: string }[] = [
  { name: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'phone', autoComplete: 'tel', type: 'tel' },
];

function PersonalDetailsForm({ customer }: { customer: Customer }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const id = useId();
  const { form, problem } = usePersonalDetailsForm(customer);
  const update = useUpdateCustomer();
  // A second click before the first answer arrives sends nothing: the pending state shows only after a render.
  const sending = useRef(false);

  const save = async (details: UpdateCustomer) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await update.mutateAsync(details);
      // Still "sending" until the screen is left: a click meanwhile must not save again.
      void navigate(paths.settings);
    } catch {
      // The failure is shown from the mutation's state; the typed values stay for another try.
      sending.current = false;
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(save)(event)}>
      <div className={styles.grid}>
        {FIELDS.map(({ name, autoComplete, type }) => {
          const found = problem(name);
          return (
            <FormField
              key={name}
              id={`${id}-${name}`}
              label={t(`form.${name}`)}
              problem={found && t(`form.${found}`)}
              input={{ type: type ?? 'text', autoComplete, readOnly: update.isPending, ...form.register(name) }}
            />
          );
        })}
      </div>
      {update.isError && (
        <p role="alert" className={styles.problem}>
          {t('form.saveFailed')}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass.primary} aria-disabled={update.isPending || undefined}>
          {update.isPending ? t('form.saving') : t('form.save')}
        </button>
        <button type="button" className={buttonClass.secondary} disabled={update.isPending} onClick={() => void navigate(paths.settings)}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}

/** /settings/personal-details: first name, last name and phone, checked on submit with the contracts' rule, saved by PUT /customers/me. */
export function PersonalDetailsPage() {
  const me = useMe();
  return (
    <div className={styles.page}>
      <Loaded query={me}>{(customer) => <PersonalDetailsForm customer={customer} />}</Loaded>
    </div>
  );
}
