import { ADDRESS_MESSAGES, addressInputSchema, type Address, type AddressInput, type AddressMessageKey } from '@shoebox/contracts';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod/mini';

/** The address as its fields hold it: every value a string, an empty phone meaning none. */
export type AddressFormValues = { [K in keyof AddressInput]-?: string };
export type AddressField = keyof AddressFormValues;

/** What a field's last check found: its spec §5 message, or (a field the spec gives none) that it is empty or not accepted. */
export type AddressProblem = AddressMessageKey | 'required' | 'invalid';

const hasSpecMessage = (field: string): field is AddressMessageKey => field in ADDRESS_MESSAGES;

/** Checks the fields with the contracts' address rule, the one the server applies to the PUT. */
const resolver: Resolver<AddressFormValues, unknown, AddressInput> = async (values) => {
  const parsed = z.safeParse(addressInputSchema, { ...values, phone: values.phone.trim() === '' ? null : values.phone });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<AddressFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField;
    // A street, number, postal code or phone refused for any reason (too long too) gets the spec's message for it.
    const problem: AddressProblem = hasSpecMessage(field) ? field : values[field].trim() === '' ? 'required' : 'invalid';
    errors[field] ??= { type: issue.code, message: problem };
  }
  return { values: {}, errors };
};

const valuesOf = (address: Address): AddressFormValues => ({ ...address, phone: address.phone ?? '' });

/** The delivery address form, filled with the present address and checked on submit only (spec §5). */
export function useAddressForm(address: Address) {
  const form = useForm<AddressFormValues, unknown, AddressInput>({ defaultValues: valuesOf(address), resolver, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const problem = (field: AddressField) => form.formState.errors[field]?.message as AddressProblem | undefined;
  return { form, problem };
}
