import { ADDRESS_LIMIT_ERROR, customerAddressInputSchema, customerAddressListSchema, customerAddressParamsSchema, customerAddressSchema, MAX_ADDRESSES_PER_CUSTOMER } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { NO_CONTENT, route } from '../../platform/api/route.js';
import type { AddressService } from './address.service.js';

/** The document's addresses list every country any storefront delivers to; a customer's storefront delivers to fewer. */
const COUNTRY_RULE = "a country the customer's storefront does not deliver to (the issue names those it does)";

const NOT_YOURS = "Another customer's address answers 404, as an unknown one does, and nothing changes.";
const RULES = `A refused field is a 400 whose issue names the field and its message key (spec §5); a country outside the customer's storefront is a 400 on countryCode.`;

export const addressRoutes = (service: AddressService): FastifyPluginAsync => async (app) => {
  route(
    app,
    { method: 'GET', url: '/customers/me/addresses', summary: "The customer's address book, the default first, then the oldest first", response: { 200: customerAddressListSchema } },
    ({ identity }) => service.list(identity),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/customers/me/addresses',
      summary: 'Add an address to the book',
      description: `The first address becomes the default, as does one sent with isDefault. At most ${MAX_ADDRESSES_PER_CUSTOMER}: another answers 409 ${ADDRESS_LIMIT_ERROR}. ${RULES}`,
      body: customerAddressInputSchema,
      response: { 201: customerAddressSchema },
      refusals: { 400: COUNTRY_RULE },
    },
    ({ identity, body }) => service.add(identity, body),
  );
  route(
    app,
    {
      method: 'PUT',
      url: '/customers/me/addresses/:id',
      summary: 'Change an address',
      description: `isDefault true makes it the default, taking it from the other; the default is only ever moved, never unset. ${RULES} ${NOT_YOURS}`,
      params: customerAddressParamsSchema,
      body: customerAddressInputSchema,
      response: { 200: customerAddressSchema },
      refusals: { 400: COUNTRY_RULE },
    },
    ({ identity, params, body }) => service.change(identity, params.id, body),
  );
  route(
    app,
    {
      method: 'DELETE',
      url: '/customers/me/addresses/:id',
      summary: 'Delete an address',
      description: `Deleting the default makes the oldest remaining address the default. Orders keep their own copy of the address. ${NOT_YOURS}`,
      params: customerAddressParamsSchema,
      response: { 204: NO_CONTENT },
    },
    ({ identity, params }) => service.remove(identity, params.id),
  );
};
