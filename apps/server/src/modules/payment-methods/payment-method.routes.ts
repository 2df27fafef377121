import { paymentMethodInputSchema, paymentMethodSettingsSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { PaymentMethodService } from './payment-method.service.js';

export const paymentMethodRoutes = (service: PaymentMethodService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'GET',
      url: '/customers/me/payment-method',
      summary: "The customer's stored payment method, masked, and the kinds their storefront offers",
      response: { 200: paymentMethodSettingsSchema },
    },
    ({ identity }) => service.settings(identity),
  );
  route(
    app,
    {
      method: 'PUT',
      url: '/customers/me/payment-method',
      summary: 'Replace the stored payment method',
      description:
        'Only a kind the storefront offers. A card is Luhn-checked, its brand told from the number (visa, mastercard, amex, maestro) and must not have expired; an IBAN is checked with mod 97. Only the brand, the last four digits, the expiry and the holder are kept, never the number. A refused field is a 400 naming it.',
      body: paymentMethodInputSchema,
      response: { 200: paymentMethodSettingsSchema },
      refusals: { 400: "a kind the customer's storefront does not offer, a card number that fails the Luhn check or an expired card, or an IBAN that fails mod 97" },
    },
    ({ identity, body }) => service.change(identity, body),
  );
};
