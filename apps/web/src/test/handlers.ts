import { EXPERIMENTS_PATH, PRINT_ARTICLES, RUNNING_OFFERS_PATH } from '@shoebox/contracts';
import { http, HttpResponse } from 'msw';
import { catalogueHandler } from './catalogue';
import { apiUrl, customerRecord, publicConfiguration } from './fixtures';
import { featureLocaleHandler } from './locale-files';

/**
 * Answers every signed-in screen needs: the storefront's public configuration, the customer record (its stored
 * payment method and address book: none), their
 * orders, invoices, saved projects and photo books (none), the merchandise catalogue, and the feature texts (read by the locale backend the first time a screen uses them).
 */
export const defaultHandlers = [
  http.get(apiUrl('configuration', '/:vendorId'), ({ params }) => HttpResponse.json(publicConfiguration(String(params.vendorId)))),
  http.get(apiUrl('customers', '/customers/me'), () => HttpResponse.json(customerRecord())),
  // No stored payment method, the kinds a British storefront offers (a test serves its own with serveCustomerSettings).
  http.get(apiUrl('customers', '/customers/me/payment-method'), () => HttpResponse.json({ method: null, available: ['card', 'paypal'] })),
  // No A/B test running: every customer sees the controls.
  http.get(apiUrl('customers', EXPERIMENTS_PATH), () => HttpResponse.json({ assignments: {} })),
  // An empty address book unless a test says otherwise.
  http.get(apiUrl('customers', '/customers/me/addresses'), () => HttpResponse.json({ items: [] })),
  // The article groups' order cut-offs, as the demo seeds them: photo prints by 22:00 London time, dispatched a working day later.
  // Photo books are their own group, whose orders the online photo books page lists.
  http.get(apiUrl('orders', '/v1/ArticleGroup'), () =>
    HttpResponse.json({
      items: [
        { code: 'PRINTS', name: 'Photo prints', articleNames: Object.values(PRINT_ARTICLES), orderCutoff: '22:00', timeZone: 'Europe/London', productionDays: 1 },
        { code: 'PHOTO_BOOKS', name: 'Photo books', articleNames: ['PHB_A4L'], orderCutoff: '14:00', timeZone: 'Europe/London', productionDays: 3 },
      ],
    }),
  ),
  // The customer's products by article (the photo books they ordered): none unless a test says otherwise.
  http.get(apiUrl('orders', '/orders/byAccount/:accountId'), () => HttpResponse.json({ items: [], total: 0 })),
  // The files an order was made from: none recorded unless a test serves its orders (serveOrders).
  http.get(apiUrl('orders', '/uploads/:code'), ({ params }) => HttpResponse.json({ orderCode: String(params.code), files: [] })),
  // No campaign running unless a test says otherwise.
  http.get(apiUrl('orders', RUNNING_OFFERS_PATH), () => HttpResponse.json({ items: [] })),
  // The Overview looks for the latest order in progress: a customer with no orders unless a test says otherwise.
  http.get(apiUrl('orders', '/v2/superorders/me'), () => HttpResponse.json({ items: [], total: 0 })),
  // The invoices page of a business customer with no invoices unless a test says otherwise.
  http.get(apiUrl('invoices', '/api/v1/HistoricalInvoice/me'), () => HttpResponse.json({ historicalInvoices: [], total: 0 })),
  // Saved projects: none unless a test says otherwise.
  http.get(apiUrl('projects', '/api/v2/projects/:accountId'), () => HttpResponse.json({ projects: [], totalProjectCount: 0 })),
  // The Overview's photos: an empty library kept safely, unless a test serves a library (servePhotoLibrary).
  http.get(apiUrl('photoManagement', '/photos'), () => HttpResponse.json({ cursor: null, images: [] })),
  http.get(apiUrl('accountDeletionInfo', '/accounts/getaccountinformation'), () =>
    HttpResponse.json({ lastOrderDate: null, projectCount: 0, projectedDeletionDate: '2030-01-01T00:00:00Z', registrationDate: '2024-01-01T00:00:00Z' }),
  ),
  // Online photo books: none unless a test says otherwise.
  http.get(apiUrl('widgets', '/v1/widgets/me'), () => HttpResponse.json({ items: [], total: 0 })),
  // The merchandise catalogue: every article titled in the language asked for.
  catalogueHandler,
  featureLocaleHandler,
];
