import { paymentMethodInputSchema, type PaymentMethodInput, type PaymentMethodKind } from '@shoebox/contracts';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod/mini';

/** Every field the payment kinds use, as typed; only the chosen kind's fields are sent. */
export type PaymentFormValues = { kind: PaymentMethodKind; number: string; expiryMonth: string; expiryYear: string; holder: string; iban: string; email: string };
export type PaymentField = keyof PaymentFormValues;

/** What a field's check found: its own "please enter a valid …", or an expiry date already past. */
export type PaymentProblem = PaymentField | 'expired' | 'brand';

const PAYMENT_FIELDS: readonly PaymentField[] = ['kind', 'number', 'expiryMonth', 'expiryYear', 'holder', 'iban', 'email'];
export const isPaymentField = (name: string): name is PaymentField => (PAYMENT_FIELDS as readonly string[]).includes(name);

/**
 * What the server's 400 says of a field (its message keys, decision 063): a card past its expiry, or of a
 * brand not accepted, has its own words; anything else is that field's "please enter a valid …".
 */
export function serverProblem(issue: { field: string; message: string }): PaymentProblem {
  if (issue.message === 'cardExpiry') return 'expired';
  if (issue.message === 'cardBrand') return 'brand';
  return issue.field as PaymentField;
}

const wholeNumber = (value: string, digits: RegExp) => (digits.test(value.trim()) ? Number(value.trim()) : Number.NaN);

/** The request the chosen kind sends: only its own fields. */
function inputFor(values: PaymentFormValues): unknown {
  switch (values.kind) {
    case 'card':
      return {
        kind: 'card',
        number: values.number.trim(),
        expiryMonth: wholeNumber(values.expiryMonth, /^\d{1,2}$/),
        expiryYear: wholeNumber(values.expiryYear, /^\d{4}$/),
        holder: values.holder,
      };
    case 'sepaDirectDebit':
      return { kind: 'sepaDirectDebit', iban: values.iban.trim(), holder: values.holder };
    case 'paypal':
      return { kind: 'paypal', email: values.email.trim() };
    default:
      return { kind: values.kind };
  }
}

/** A card whose last valid month is before this one (judged as soon as month and year are numbers). */
function expired(values: PaymentFormValues, today: Date): boolean {
  if (values.kind !== 'card') return false;
  const month = wholeNumber(values.expiryMonth, /^\d{1,2}$/);
  const year = wholeNumber(values.expiryYear, /^\d{4}$/);
  if (!(month >= 1 && month <= 12) || Number.isNaN(year)) return false;
  const thisYear = today.getFullYear();
  return year < thisYear || (year === thisYear && month < today.getMonth() + 1);
}

/** Checks the chosen kind's fields with the contracts' rule (the server's), and that a card has not expired. */
const resolver: Resolver<PaymentFormValues, unknown, PaymentMethodInput> = async (values) => {
  const parsed = z.safeParse(paymentMethodInputSchema, inputFor(values));
  const errors: FieldErrors<PaymentFormValues> = {};
  if (expired(values, new Date())) errors.expiryYear = { type: 'expired', message: 'expired' };
  if (parsed.success && !errors.expiryYear) return { values: parsed.data, errors: {} };
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'kind');
    if (isPaymentField(field)) errors[field] ??= { type: issue.code, message: field };
  }
  return { values: {}, errors };
};

/** The form for another payment method, on the stored method's kind where the storefront still offers it. */
export function usePaymentForm(available: PaymentMethodKind[], storedKind: PaymentMethodKind | undefined) {
  const kind = storedKind && available.includes(storedKind) ? storedKind : (available[0] ?? 'card');
  const form = useForm<PaymentFormValues, unknown, PaymentMethodInput>({
    defaultValues: { kind, number: '', expiryMonth: '', expiryYear: '', holder: '', iban: '', email: '' },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const problem = (field: PaymentField) => form.formState.errors[field]?.message as PaymentProblem | undefined;
  return { form, problem };
}
