import { ADDRESS_MESSAGES, addressInputSchema, type Address, type AddressInput, type AddressMessageKey } from '@shoebox/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod/mini';

/** The address as its fields hold it: every value a string, an empty phone meaning none. */
export type AddressFormValues = { [K in keyof AddressInput]-?: string };
export type AddressField = keyof AddressFormValues;

/** The fields a customer types, in the order they are shown; the country is chosen or fixed by each form. */
export const ADDRESS_TEXT_FIELDS = ['firstName', 'lastName', 'street', 'houseNumber', 'postalCode', 'city', 'phone'] as const;
export type AddressTextField = (typeof ADDRESS_TEXT_FIELDS)[number];

/** What a field's check found: its spec §5 message key, or (a field the spec gives none) that it is empty or not accepted. */
export type AddressProblem = AddressMessageKey | 'required' | 'invalid';
export type AddressProblems = Partial<Record<AddressField, AddressProblem>>;

const hasSpecMessage = (field: string): field is AddressMessageKey => field in ADDRESS_MESSAGES;

/**
 * The problem of a refused field, from the form's check or a server's 400 naming it: a street, number,
 * postal code or phone refused for any reason (too long too) gets the spec's message for it.
 */
export const problemFor = (field: string, value: string | undefined): AddressProblem =>
  hasSpecMessage(field) ? field : (value ?? '').trim() === '' ? 'required' : 'invalid';

/** Checks the fields with the contracts' address rule, the one the server applies. */
export function checkAddress(values: AddressFormValues): { address: AddressInput; problems?: undefined } | { address?: undefined; problems: AddressProblems } {
  const parsed = z.safeParse(addressInputSchema, { ...values, phone: values.phone.trim() === '' ? null : values.phone });
  if (parsed.success) return { address: parsed.data };
  const problems: AddressProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField;
    problems[field] ??= problemFor(field, values[field]);
  }
  return { problems };
}

/** Problems as react-hook-form's errors: the problem is the message, each form says it in its own words. */
export const addressErrors = (problems: AddressProblems): FieldErrors<AddressFormValues> =>
  Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, { type: 'validate', message: problem }]));

/** The resolver of a form that is just an address. */
export const addressResolver: Resolver<AddressFormValues, unknown, AddressInput> = async (values) => {
  const checked = checkAddress(values);
  return checked.address ? { values: checked.address, errors: {} } : { values: {}, errors: addressErrors(checked.problems) };
};

export const addressFormValues = (address: Address): AddressFormValues => ({ ...address, phone: address.phone ?? '' });
