/** Every cached settings query; the customer record itself is the shared `customerKeys.me()`. */
export const settingsKeys = {
  all: ['settings'] as const,
  paymentMethod: () => [...settingsKeys.all, 'payment-method'] as const,
};
