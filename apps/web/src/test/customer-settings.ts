import { normaliseVatNumber } from '@shoebox/contracts';
import type { BusinessDetailsInput, Customer, CustomerAddress, PaymentMethodInput, PaymentMethodKind, PaymentMethodSettings, StoredPaymentMethod, UpdateCustomer, UpdateFtpIntegration } from '@shoebox/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, customerRecord } from './fixtures';
import { server } from './msw-server';

export const ME_URL = apiUrl('customers', '/customers/me');
export const PAYMENT_METHOD_URL = apiUrl('customers', '/customers/me/payment-method');
export const ADDRESS_BOOK_URL = apiUrl('customers', '/customers/me/addresses');

export const storedCard = (o: Partial<StoredPaymentMethod> = {}): StoredPaymentMethod => ({
  kind: 'card',
  brand: 'visa',
  last4: '4242',
  expiryMonth: 9,
  expiryYear: 2029,
  holder: 'Ada Lovelace',
  maskedEmail: null,
  updatedAt: '2026-01-10T09:00:00.000Z',
  ...o,
});

/** What the server keeps of a method the customer typed: the kind, the brand, the last four digits, never the whole number. */
function stored(input: PaymentMethodInput): StoredPaymentMethod {
  const base = { brand: null, last4: null, expiryMonth: null, expiryYear: null, holder: null, maskedEmail: null, updatedAt: new Date().toISOString() };
  switch (input.kind) {
    case 'card':
      return { ...base, kind: 'card', brand: 'mastercard', last4: input.number.replace(/\s/g, '').slice(-4), expiryMonth: input.expiryMonth, expiryYear: input.expiryYear, holder: input.holder };
    case 'sepaDirectDebit':
      return { ...base, kind: 'sepaDirectDebit', last4: input.iban.replace(/\s/g, '').slice(-4), holder: input.holder };
    case 'paypal':
      return { ...base, kind: 'paypal', maskedEmail: `${input.email[0]}•••@${input.email.split('@')[1]}` };
    default:
      return { ...base, kind: input.kind };
  }
}

/**
 * A customers service with the customer's record and stored payment method that remembers changes:
 * PUT and PATCH /customers/me, GET and PUT /customers/me/payment-method; and its address book (read only, none
 * unless given). It records every body it was sent.
 */
export function serveCustomerSettings(o: { customer?: Customer; method?: StoredPaymentMethod | null; available?: PaymentMethodKind[]; addresses?: CustomerAddress[] } = {}) {
  const state = {
    customer: o.customer ?? customerRecord(),
    payment: { method: o.method ?? null, available: o.available ?? ['card', 'paypal'] } as PaymentMethodSettings,
    updates: [] as UpdateCustomer[],
    integrationUpdates: [] as UpdateFtpIntegration[],
    businessDetailsUpdates: [] as BusinessDetailsInput[],
    paymentUpdates: [] as PaymentMethodInput[],
  };
  server.use(
    http.get(ME_URL, () => HttpResponse.json(state.customer)),
    http.put(ME_URL, async ({ request }) => {
      const body = (await request.json()) as UpdateCustomer;
      state.updates.push(body);
      state.customer = { ...state.customer, ...body };
      return HttpResponse.json(state.customer);
    }),
    http.patch(ME_URL, async ({ request }) => {
      const body = (await request.json()) as UpdateFtpIntegration;
      state.integrationUpdates.push(body);
      state.customer = { ...state.customer, integration: body };
      return HttpResponse.json(state.customer);
    }),
    http.put(`${ME_URL}/business-details`, async ({ request }) => {
      const body = (await request.json()) as BusinessDetailsInput;
      state.businessDetailsUpdates.push(body);
      state.customer = { ...state.customer, business: { companyName: body.companyName, vatNumber: normaliseVatNumber(body.vatNumber), status: 'New' } };
      return HttpResponse.json(state.customer);
    }),
    http.get(ADDRESS_BOOK_URL, () => HttpResponse.json({ items: o.addresses ?? [] })),
    http.get(PAYMENT_METHOD_URL, () => HttpResponse.json(state.payment)),
    http.put(PAYMENT_METHOD_URL, async ({ request }) => {
      const body = (await request.json()) as PaymentMethodInput;
      state.paymentUpdates.push(body);
      state.payment = { ...state.payment, method: stored(body) };
      return HttpResponse.json(state.payment);
    }),
  );
  return state;
}

/** The project's JSON error shape for a refused request, with the fields it names. */
export const badRequest = (issues: { path: string; message: string }[]) =>
  HttpResponse.json({ status: 400, error: 'bad_request', message: 'Invalid body', correlationId: 'corr-400', issues }, { status: 400 });
