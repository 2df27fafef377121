import { useSyncExternalStore } from 'react';

/**
 * Spec §4 "Customer state": after an address is created, changed or deleted (or the customer's details
 * updated) a changed flag is set, until whoever acts on it resets it.
 */
let changed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export const customerChanged = {
  isSet: () => changed,
  set: () => {
    changed = true;
    notify();
  },
  reset: () => {
    changed = false;
    notify();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useCustomerChanged = (): boolean => useSyncExternalStore(customerChanged.subscribe, customerChanged.isSet);
