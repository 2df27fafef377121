import { describe, expect, test } from 'vitest';
import { checkAddress, problemFor } from './check-address';

const HOME = { firstName: 'Ada', lastName: 'Lovelace', street: 'Baker Street', houseNumber: '221b', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: '' };

describe('checking an address as typed', () => {
  test('a good address comes back as the contract’s input, an empty phone as none', () => {
    expect(checkAddress(HOME)).toEqual({ address: { ...HOME, phone: null } });
    expect(checkAddress({ ...HOME, phone: ' +44 20 7946 0000 ' })).toEqual({ address: { ...HOME, phone: '+44 20 7946 0000' } });
  });

  test('street, number, postal code and phone each get their spec §5 key, whatever the reason', () => {
    const { problems } = checkAddress({ ...HOME, street: '<b>', houseNumber: 'x', postalCode: '1234', phone: 'call me' });
    expect(problems).toEqual({ street: 'street', houseNumber: 'houseNumber', postalCode: 'postalCode', phone: 'phone' });
    expect(checkAddress({ ...HOME, street: 'S'.repeat(101) }).problems).toEqual({ street: 'street' });
  });

  test('the postal code follows the country’s rule', () => {
    expect(checkAddress({ ...HOME, countryCode: 'DE', postalCode: '10115' }).problems).toBeUndefined();
    expect(checkAddress({ ...HOME, countryCode: 'DE' }).problems).toEqual({ postalCode: 'postalCode' });
  });

  test('a field without a spec message is required when empty and invalid otherwise', () => {
    expect(checkAddress({ ...HOME, firstName: ' ', city: 'C'.repeat(101) }).problems).toEqual({ firstName: 'required', city: 'invalid' });
  });

  test('a field the server names gets the same problem the form would give it', () => {
    expect(problemFor('postalCode', 'NW1')).toBe('postalCode');
    expect(problemFor('lastName', '')).toBe('required');
    expect(problemFor('countryCode', 'US')).toBe('invalid');
  });
});
