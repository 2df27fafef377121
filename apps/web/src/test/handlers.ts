import { http, HttpResponse } from 'msw';
import { apiUrl, customerRecord, publicConfiguration } from './fixtures';
import { featureLocaleHandler } from './locale-files';

/**
 * Answers every signed-in screen needs: the storefront's public configuration, the customer record, and the
 * feature texts (read by the locale backend the first time a screen uses them).
 */
export const defaultHandlers = [
  http.get(apiUrl('configuration', '/:vendorId'), ({ params }) => HttpResponse.json(publicConfiguration(String(params.vendorId)))),
  http.get(apiUrl('customers', '/customers/me'), () => HttpResponse.json(customerRecord())),
  featureLocaleHandler,
];
