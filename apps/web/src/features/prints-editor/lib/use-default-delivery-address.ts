import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useAddresses } from '../../addresses';
import { addressFromBook, type CheckedDelivery, type PrintsOrderForm } from './prints-order-form';

/**
 * Fills the delivery address with the customer's default one from the address book once it has arrived,
 * unless they have started typing one: an order to the usual address needs no typing at all.
 */
export function useDefaultDeliveryAddress(form: UseFormReturn<PrintsOrderForm, unknown, CheckedDelivery>, countryCode: string): void {
  const { defaultAddress } = useAddresses();
  const filled = useRef(false);
  useEffect(() => {
    const address = addressFromBook(defaultAddress, countryCode);
    if (filled.current || !address) return;
    filled.current = true;
    const typed = Object.values(form.getValues('address')).some((value) => value !== '');
    if (!typed) form.reset({ ...form.getValues(), address });
  }, [defaultAddress, countryCode, form]);
}
