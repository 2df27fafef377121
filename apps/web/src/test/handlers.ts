import { http, HttpResponse } from 'msw';
import { apiUrl, customerRecord, publicConfiguration } from './fixtures';

/** Answers every signed-in screen needs: the storefront's public configuration and the customer record. */
export const defaultHandlers = [
  http.get(apiUrl('configuration', '/:vendorId'), ({ params }) => HttpResponse.json(publicConfiguration(String(params.vendorId)))),
  http.get(apiUrl('customers', '/customers/me'), () => HttpResponse.json(customerRecord())),
];
