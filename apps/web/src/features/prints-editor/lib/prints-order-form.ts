import { ADDRESS_MESSAGES, addressInputSchema, type AddressInput, type AddressMessageKey, type DeliveryType } from '@shoebox/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod/mini';

export const ADDRESS_FIELDS = ['firstName', 'lastName', 'street', 'houseNumber', 'postalCode', 'city', 'phone'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The delivery part of the editor, as typed: every address field a string, the country the channel's. */
export interface PrintsOrderForm {
  deliveryType: DeliveryType;
  address: Record<AddressField, string>;
}
export interface CheckedDelivery {
  deliveryType: DeliveryType;
  deliveryAddress: AddressInput | undefined;
}

export const emptyOrderForm = (): PrintsOrderForm => ({
  deliveryType: 'Home',
  address: { firstName: '', lastName: '', street: '', houseNumber: '', postalCode: '', city: '', phone: '' },
});

/** The translation key of an address field's problem: the spec's §5 message where there is one, otherwise 'fill this in'. */
export const addressErrorKey = (message: string | undefined): `address.invalid.${AddressMessageKey}` | 'address.required' =>
  message && message in ADDRESS_MESSAGES ? `address.invalid.${message as AddressMessageKey}` : 'address.required';

/**
 * Checks the delivery on submit with the contracts' address rule (the one the server applies): an address
 * only for Home delivery, an empty phone left out.
 */
export const deliveryResolver =
  (countryCode: string): Resolver<PrintsOrderForm, unknown, CheckedDelivery> =>
  async (values) => {
    const ok = (delivery: CheckedDelivery) => ({ values: delivery, errors: {} });
    if (values.deliveryType === 'PickupPoint') return ok({ deliveryType: 'PickupPoint', deliveryAddress: undefined });
    const phone = values.address.phone.trim();
    const parsed = z.safeParse(addressInputSchema, { ...values.address, countryCode, phone: phone === '' ? null : phone });
    if (parsed.success) return ok({ deliveryType: 'Home', deliveryAddress: parsed.data });
    const address: Partial<Record<AddressField, { type: string; message: string }>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as AddressField;
      address[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: { address } as FieldErrors<PrintsOrderForm> };
  };
