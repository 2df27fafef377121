import { useQueryClient } from '@tanstack/react-query';
import { customerChanged } from '../lib/customer-changed';
import { addressKeys } from './query-keys';

/**
 * After an address is added, changed or deleted (spec §4 "Customer state"): the customer counts as
 * changed (/settings confirms it), and the address book is read again; resolves once it has been, so a
 * screen that then shows the list shows it as saved.
 */
export function useAddressBookChanged() {
  const queryClient = useQueryClient();
  return async () => {
    customerChanged.set();
    await queryClient.invalidateQueries({ queryKey: addressKeys.all });
  };
}
