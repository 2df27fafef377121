import { WIDGETS_BY_ORDER_MAX_CODES, type Widget, type WidgetDetails, type WidgetList } from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { consumerOnly } from './consumers-only.js';
import type { WidgetRepository } from './widget.repository.js';
import type { WidgetView } from './widget-view.js';

const widgetNotFound = () => notFound('Photo book not found');

/** The customer's own books: the list, by order, one with its pages, rename and delete. Another customer's book is not found. */
export function widgetService(repo: WidgetRepository, view: WidgetView, now: () => Date = () => new Date()) {
  return {
    async list(identity: Identity, offset: number, limit: number): Promise<WidgetList> {
      const customerId = consumerOnly(identity);
      const { rows, total } = await repo.page(customerId, offset, limit);
      return { items: await view.widgets(customerId, rows), total };
    },

    async ofOrders(identity: Identity, orderCodes: string): Promise<{ items: Widget[] }> {
      const customerId = consumerOnly(identity);
      const codes = [...new Set(orderCodes.split(',').map((c) => c.trim()).filter(Boolean))];
      if (codes.length === 0) throw badRequest('Invalid query', [{ path: 'orderCodes', message: 'Name at least one order code' }]);
      if (codes.length > WIDGETS_BY_ORDER_MAX_CODES) throw badRequest('Invalid query', [{ path: 'orderCodes', message: `At most ${WIDGETS_BY_ORDER_MAX_CODES} order codes at once` }]);
      return { items: await view.widgets(customerId, await repo.ofOrders(customerId, codes)) };
    },

    async get(identity: Identity, id: string): Promise<WidgetDetails> {
      const customerId = consumerOnly(identity);
      const row = await repo.find(customerId, id);
      if (!row) throw widgetNotFound();
      return { ...(await view.widget(customerId, row)), pages: await view.pages(customerId, row.id) };
    },

    async rename(identity: Identity, id: string, title: string): Promise<Widget> {
      const customerId = consumerOnly(identity);
      if (!(await repo.rename(customerId, id, title, now().toISOString()))) throw widgetNotFound();
      const row = await repo.find(customerId, id);
      // Deleted in between: as if it had never been there.
      if (!row) throw widgetNotFound();
      return view.widget(customerId, row);
    },

    async delete(identity: Identity, id: string): Promise<void> {
      if (!(await repo.delete(consumerOnly(identity), id))) throw widgetNotFound();
    },
  };
}
export type WidgetService = ReturnType<typeof widgetService>;
