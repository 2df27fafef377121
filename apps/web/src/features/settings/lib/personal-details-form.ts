import { updateCustomerSchema, type Customer, type UpdateCustomer } from '@shoebox/contracts';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod/mini';

/** The details as their fields hold them: an empty phone means none. */
export type PersonalDetailsValues = { firstName: string; lastName: string; phone: string };
export type PersonalDetailsField = keyof PersonalDetailsValues;

/** What a field's check found, said by the screen in the customer's language. */
export type PersonalDetailsProblem = 'firstNameRequired' | 'lastNameRequired' | 'tooLong' | 'notAllowed';

function problemFor(field: PersonalDetailsField, value: string, code: string): PersonalDetailsProblem {
  if (code === 'too_big') return 'tooLong';
  if (value.trim() === '' && field !== 'phone') return field === 'firstName' ? 'firstNameRequired' : 'lastNameRequired';
  return 'notAllowed';
}

/** Checks the fields with the contracts' rule, the one the server applies to the PUT. */
const resolver: Resolver<PersonalDetailsValues, unknown, UpdateCustomer> = async (values) => {
  const parsed = z.safeParse(updateCustomerSchema, { ...values, phone: values.phone.trim() === '' ? null : values.phone });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<PersonalDetailsValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as PersonalDetailsField;
    errors[field] ??= { type: issue.code, message: problemFor(field, values[field], issue.code) };
  }
  return { values: {}, errors };
};

/** The personal-details form, filled with the present record and checked on submit only. */
export function usePersonalDetailsForm(customer: Customer) {
  const form = useForm<PersonalDetailsValues, unknown, UpdateCustomer>({
    defaultValues: { firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone ?? '' },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const problem = (field: PersonalDetailsField) => form.formState.errors[field]?.message as PersonalDetailsProblem | undefined;
  return { form, problem };
}
