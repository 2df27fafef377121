import { deliveryCountriesFor, type Channel, type CustomerAddress, type CustomerAddressInput } from '@shoebox/contracts';
import { useId, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AddressFields } from '../../../components/address-form/address-fields';
import { addressErrors, checkAddress, problemFor, type AddressField, type AddressFormValues, type AddressProblem } from '../../../components/address-form/check-address';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { useAddAddress } from '../api/add-address';
import { useAddressBookChanged } from '../api/address-book-changed';
import { useChangeAddress } from '../api/change-address';
import { saveFailureOf, type AddressChangeState, type SaveFailure } from '../lib/address-change-state';
import styles from './address-editor.module.css';

type EditorValues = AddressFormValues & { isDefault: boolean };

/** The contracts' address check on submit, the default box carried along. */
const resolver: Resolver<EditorValues, unknown, CustomerAddressInput> = async ({ isDefault, ...fields }) => {
  const checked = checkAddress(fields);
  return checked.address ? { values: { ...checked.address, isDefault }, errors: {} } : { values: {}, errors: addressErrors(checked.problems) as FieldErrors<EditorValues> };
};

const FIELDS = new Set<string>(['firstName', 'lastName', 'street', 'houseNumber', 'postalCode', 'city', 'countryCode', 'phone']);
const isAddressField = (path: string): path is AddressField => FIELDS.has(path);

/** State in which the form is waiting on the server: its fields stay as they are, Save does nothing. */
const SAVING: readonly AddressChangeState[] = ['RequestInProgress', 'RequestSent', 'SuccessfulUpdate'];

/**
 * Adds an address (none given) or changes one: checked on submit with the contracts' rule and the spec's
 * messages, sent once however often Save is pressed; a field the server refuses shows its message, a full
 * address book and an address no longer there are said plainly. Saved, the list is read again and shown.
 */
export function AddressEditor({ address, storefront }: { address?: CustomerAddress; storefront: Pick<Channel, 'country'> }) {
  const { t, i18n } = useTranslation('addresses');
  const navigate = useNavigate();
  const id = useId();
  const countries = deliveryCountriesFor(storefront);
  const countryName = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const form = useForm<EditorValues, unknown, CustomerAddressInput>({
    defaultValues: address ? { ...address, phone: address.phone ?? '' } : { firstName: '', lastName: '', street: '', houseNumber: '', postalCode: '', city: '', countryCode: countries[0], phone: '', isDefault: false },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const add = useAddAddress();
  const change = useChangeAddress();
  const bookChanged = useAddressBookChanged();
  const [state, setState] = useState<AddressChangeState>('NotStarted');
  const [failure, setFailure] = useState<SaveFailure>();
  const inFlight = useRef(false);
  const saving = SAVING.includes(state);

  const problemOf = (field: AddressField) => form.formState.errors[field]?.message as AddressProblem | undefined;
  const problemText = (problem: AddressProblem) => (problem === 'required' || problem === 'invalid' ? t(`form.${problem}`) : t(`messages.${problem}`));

  const save = async (input: CustomerAddressInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(undefined);
    setState('RequestInProgress');
    try {
      // The default cannot be unset, only moved: a default address stays the default.
      if (address) await change.mutateAsync({ id: address.id, address: { ...input, isDefault: address.isDefault || input.isDefault } });
      else await add.mutateAsync(input);
    } catch (error) {
      inFlight.current = false;
      const found = saveFailureOf(error);
      setFailure(found);
      setState('RequestFailed');
      if (found.kind === 'fields') {
        const refused = found.fields.filter(isAddressField);
        refused.forEach((field, i) => form.setError(field, { type: 'server', message: problemFor(field, form.getValues(field)) }, { shouldFocus: i === 0 }));
      }
      return;
    }
    setState('RequestSent');
    await bookChanged();
    setState('SuccessfulUpdate');
    await navigate(paths.allAddresses, { state: { saved: true } });
  };

  const countryProblem = problemOf('countryCode');
  const failureText =
    failure?.kind === 'limit'
      ? t('form.limit', { max: failure.max })
      : failure?.kind === 'notFound'
        ? `${t('notFound.title')}. ${t('notFound.body')}`
        : failure?.kind === 'other'
          ? t('form.failed')
          : undefined;

  return (
    <form
      className={styles.form}
      aria-labelledby={`${id}-title`}
      noValidate
      onChange={() => setState((now) => (now === 'NotStarted' ? 'Editing' : now))}
      onSubmit={(event) => void form.handleSubmit(save)(event)}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {address ? t('form.changeTitle') : t('form.addTitle')}
      </h2>
      <div className={styles.grid}>
        <AddressFields idPrefix={id} register={(name) => form.register(name)} problemOf={problemOf} labelOf={(name) => t(`form.${name}`)} problemText={problemText} readOnly={saving} />
        <div className={styles.field}>
          <label htmlFor={`${id}-countryCode`}>{t('form.country')}</label>
          <select
            id={`${id}-countryCode`}
            autoComplete="country"
            aria-invalid={countryProblem ? true : undefined}
            aria-describedby={countryProblem ? `${id}-countryCode-problem` : undefined}
            {...form.register('countryCode')}
          >
            {countries.map((code) => (
              <option key={code} value={code}>
                {countryName.of(code) ?? code}
              </option>
            ))}
          </select>
          {countryProblem && (
            <p id={`${id}-countryCode-problem`} className={styles.fieldProblem}>
              {problemText(countryProblem)}
            </p>
          )}
        </div>
      </div>
      <div className={styles.checkbox}>
        <input id={`${id}-isDefault`} type="checkbox" disabled={address?.isDefault} aria-describedby={address?.isDefault ? `${id}-isDefault-hint` : undefined} {...form.register('isDefault')} />
        <label htmlFor={`${id}-isDefault`}>{t('form.makeDefault')}</label>
        {address?.isDefault && (
          <p id={`${id}-isDefault-hint`} className={styles.hint}>
            {t('form.defaultFixed')}
          </p>
        )}
      </div>
      <p role="status" className={styles.status}>
        {state === 'RequestSent' && t('form.sent')}
      </p>
      {failureText && (
        <p role="alert" className={styles.problem}>
          {failureText}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass.primary} aria-disabled={saving || undefined}>
          {saving ? t('form.saving') : t('form.save')}
        </button>
        <Link className={buttonClass.secondary} to={paths.allAddresses}>
          {t('form.cancel')}
        </Link>
      </div>
    </form>
  );
}
