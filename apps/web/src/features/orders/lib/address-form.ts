import type { Address, AddressInput } from '@shoebox/contracts';
import { useForm } from 'react-hook-form';
import { addressFormValues, addressResolver, type AddressField, type AddressFormValues, type AddressProblem } from '../../../components/address-form/check-address';

/** The delivery address form, filled with the present address and checked on submit only (spec §5). */
export function useAddressForm(address: Address) {
  const form = useForm<AddressFormValues, unknown, AddressInput>({ defaultValues: addressFormValues(address), resolver: addressResolver, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const problem = (field: AddressField) => form.formState.errors[field]?.message as AddressProblem | undefined;
  return { form, problem };
}
