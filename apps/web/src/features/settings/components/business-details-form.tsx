import { COMPANY_NAME_MAX_LENGTH, findChannel, isVatNumberOf, type Customer } from '@shoebox/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { serverRefusalOf, useServerRefusalText } from '../../../lib/http/server-refusal';
import { useServices } from '../../../lib/services';
import { useUpdateBusinessDetails } from '../api/update-business-details';
import { FormField } from './form-field';
import styles from './settings.module.css';

type Problem = 'companyRequired' | 'vatInvalid';

/**
 * The company's name and VAT number, while they are missing or await validation (decision 084): checked on
 * Save with the server's rule (the VAT number's form is that of the customer's storefront's country), then
 * the account awaits validation by customer care.
 */
export function BusinessDetailsForm({ customer }: { customer: Customer }) {
  const { t } = useTranslation('settings');
  const refusalText = useServerRefusalText('settings');
  const { channel } = useServices();
  const id = useId();
  const save = useUpdateBusinessDetails();
  const [companyName, setCompanyName] = useState(customer.business?.companyName ?? '');
  const [vatNumber, setVatNumber] = useState(customer.business?.vatNumber ?? '');
  const [problems, setProblems] = useState<Partial<Record<'companyName' | 'vatNumber', Problem>>>({});
  const country = (findChannel(customer.channel) ?? channel).country;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found: typeof problems = {};
    if (!companyName.trim()) found.companyName = 'companyRequired';
    if (!isVatNumberOf(country, vatNumber)) found.vatNumber = 'vatInvalid';
    setProblems(found);
    if (Object.keys(found).length) return;
    save.mutate({ companyName: companyName.trim(), vatNumber: vatNumber.trim() });
  };
  const refused = serverRefusalOf(save.error);
  const vatProblem = problems.vatNumber ?? (refused?.status === 400 ? 'vatInvalid' : undefined);

  return (
    <form className={styles.form} noValidate aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`} className={styles.formTitle}>
        {t('businessForm.title')}
      </h3>
      <p className={styles.muted}>{t('businessForm.intro')}</p>
      <FormField
        id={`${id}-company`}
        label={t('business.companyName')}
        problem={problems.companyName && t(`businessForm.${problems.companyName}`)}
        input={{ name: 'companyName', value: companyName, maxLength: COMPANY_NAME_MAX_LENGTH, autoComplete: 'organization', readOnly: save.isPending, onChange: (e) => setCompanyName(e.currentTarget.value) }}
      />
      <FormField
        id={`${id}-vat`}
        label={t('business.vatNumber')}
        hint={t('businessForm.vatHint', { example: VAT_EXAMPLES[country] ?? VAT_EXAMPLES.GB })}
        problem={vatProblem && t(`businessForm.${vatProblem}`)}
        input={{ name: 'vatNumber', value: vatNumber, autoComplete: 'off', readOnly: save.isPending, onChange: (e) => setVatNumber(e.currentTarget.value) }}
      />
      {save.isError && refused?.status !== 400 && (
        <p role="alert" className={styles.fieldProblem}>
          {refusalText(refused)}
        </p>
      )}
      {save.isSuccess && <p role="status">{t('businessForm.saved')}</p>}
      <button type="submit" className={buttonClass.primary} disabled={save.isPending} aria-busy={save.isPending || undefined}>
        {save.isPending ? t('businessForm.saving') : t('businessForm.save')}
      </button>
    </form>
  );
}

/** What a VAT number looks like in each storefront's country, for the field's hint. */
const VAT_EXAMPLES: Record<string, string> = {
  AT: 'ATU12345678',
  BE: 'BE0123456789',
  DE: 'DE123456789',
  DK: 'DK12345678',
  ES: 'ESX1234567X',
  FR: 'FRXX123456789',
  GB: 'GB123456789',
  IT: 'IT12345678901',
  NL: 'NL123456789B01',
  NO: 'NO123456789MVA',
  PT: 'PT123456789',
  SE: 'SE123456789001',
};
