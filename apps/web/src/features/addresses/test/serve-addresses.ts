import { MAX_ADDRESSES_PER_CUSTOMER, type CustomerAddress, type CustomerAddressInput } from '@shoebox/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';

export const ADDRESSES_URL = apiUrl('customers', '/customers/me/addresses');
export const ADDRESS_URL = `${ADDRESSES_URL}/:id`;

export const savedAddress = (n: number, o: Partial<CustomerAddress> = {}): CustomerAddress => ({
  id: `addr-${n}`,
  firstName: 'Ada',
  lastName: 'Lovelace',
  street: n === 1 ? 'Baker Street' : `Street ${String.fromCharCode(64 + n)}`,
  houseNumber: `${n}`,
  postalCode: 'NW1 6XE',
  city: 'London',
  countryCode: 'GB',
  phone: null,
  isDefault: n === 1,
  createdAt: new Date(Date.UTC(2026, 0, n)).toISOString(),
  ...o,
});

const problem = (status: number, error: string, extra: object = {}) =>
  HttpResponse.json({ status, error, message: error, correlationId: `corr-${status}`, ...extra }, { status });

/**
 * A customers service holding an address book the way the server keeps it: default first, then oldest;
 * the first address saved and any saved with isDefault become the default; deleting the default hands it
 * to the oldest left. It records every body it was sent.
 */
export function serveAddresses(initial: CustomerAddress[] = [savedAddress(1), savedAddress(2)]) {
  const state = { items: [...initial], posts: [] as CustomerAddressInput[], puts: [] as { id: string; body: CustomerAddressInput }[], deletes: [] as string[], created: 0 };
  const ordered = () => [...state.items].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.createdAt.localeCompare(b.createdAt));
  const takeDefault = (id: string) => (state.items = state.items.map((a) => ({ ...a, isDefault: a.id === id })));
  server.use(
    http.get(ADDRESSES_URL, () => HttpResponse.json({ items: ordered() })),
    http.post(ADDRESSES_URL, async ({ request }) => {
      const body = (await request.json()) as CustomerAddressInput;
      state.posts.push(body);
      if (state.items.length >= MAX_ADDRESSES_PER_CUSTOMER) return problem(409, 'address_limit_reached', { params: { max: MAX_ADDRESSES_PER_CUSTOMER } });
      state.created += 1;
      const { isDefault, ...fields } = body;
      const saved: CustomerAddress = { ...fields, phone: fields.phone ?? null, id: `new-${state.created}`, isDefault: false, createdAt: new Date(Date.UTC(2026, 5, state.created)).toISOString() };
      state.items.push(saved);
      if (isDefault || state.items.length === 1) takeDefault(saved.id);
      return HttpResponse.json(state.items.find((a) => a.id === saved.id), { status: 201 });
    }),
    http.put(ADDRESS_URL, async ({ request, params }) => {
      const id = String(params.id);
      const body = (await request.json()) as CustomerAddressInput;
      state.puts.push({ id, body });
      const found = state.items.find((a) => a.id === id);
      if (!found) return problem(404, 'not_found');
      const { isDefault, ...fields } = body;
      state.items = state.items.map((a) => (a.id === id ? { ...a, ...fields, phone: fields.phone ?? null } : a));
      if (isDefault) takeDefault(id);
      return HttpResponse.json(state.items.find((a) => a.id === id));
    }),
    http.delete(ADDRESS_URL, ({ params }) => {
      const id = String(params.id);
      state.deletes.push(id);
      const found = state.items.find((a) => a.id === id);
      if (!found) return problem(404, 'not_found');
      state.items = state.items.filter((a) => a.id !== id);
      const oldest = ordered()[0];
      if (found.isDefault && oldest) takeDefault(oldest.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

/** The project's JSON error shape for a body the server refused, naming the fields. */
export const refusedFields = (...fields: string[]) => problem(400, 'bad_request', { issues: fields.map((path) => ({ path, message: path })) });
