import type { AddressInput, CustomerAddress, DeliveryType } from '@shoebox/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { addressErrors, checkAddress, type AddressProblem, type AddressTextField } from '../../../components/address-form/check-address';

/** The delivery part of the editor, as typed: every address field a string, the country the channel's. */
export interface PrintsOrderForm {
  deliveryType: DeliveryType;
  address: Record<AddressTextField, string>;
}
export interface CheckedDelivery {
  deliveryType: DeliveryType;
  deliveryAddress: AddressInput | undefined;
}

export const emptyOrderForm = (): PrintsOrderForm => ({
  deliveryType: 'Home',
  address: { firstName: '', lastName: '', street: '', houseNumber: '', postalCode: '', city: '', phone: '' },
});

/** The editor's address filled from one of the address book, when it is in the country the order goes to. */
export const addressFromBook = (address: CustomerAddress | undefined, countryCode: string): PrintsOrderForm['address'] | undefined =>
  address && address.countryCode === countryCode
    ? { firstName: address.firstName, lastName: address.lastName, street: address.street, houseNumber: address.houseNumber, postalCode: address.postalCode, city: address.city, phone: address.phone ?? '' }
    : undefined;

/** The translation key of an address field's problem: the spec's §5 message where there is one, otherwise 'fill this in'. */
export const addressErrorKey = (problem: AddressProblem): `address.invalid.${Exclude<AddressProblem, 'required' | 'invalid'>}` | 'address.required' =>
  problem === 'required' || problem === 'invalid' ? 'address.required' : `address.invalid.${problem}`;

/**
 * Checks the delivery on submit with the contracts' address rule (the one the server applies): an address
 * only for Home delivery, an empty phone left out.
 */
export const deliveryResolver =
  (countryCode: string): Resolver<PrintsOrderForm, unknown, CheckedDelivery> =>
  async (values) => {
    const ok = (delivery: CheckedDelivery) => ({ values: delivery, errors: {} });
    if (values.deliveryType === 'PickupPoint') return ok({ deliveryType: 'PickupPoint', deliveryAddress: undefined });
    const checked = checkAddress({ ...values.address, countryCode });
    if (checked.address) return ok({ deliveryType: 'Home', deliveryAddress: checked.address });
    return { values: {}, errors: { address: addressErrors(checked.problems) } as FieldErrors<PrintsOrderForm> };
  };
