import { encodeShareEmail } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import type { TestShoebox } from '../../test/test-server.js';
import { callAs, insertBook, widgetTables, WIDGETS_API } from '../../test/widgets.js';
import { widgetRepository } from './widget.repository.js';

/** A customer with two books, one shared and published. */
async function withBooks(server: TestShoebox, who: TestCustomer) {
  const [a] = [await insertBook(server, who), await insertBook(server, who)];
  const query = new URLSearchParams({ vendorId: 'printhaven-gb', fromName: 'Me', personalMessage: '', toEmailAddress: encodeShareEmail('friend@example.org') });
  expect((await callAs(server, who, { method: 'PUT', url: `${WIDGETS_API}/widget/${a!.id}/share?${query}` })).statusCode).toBe(200);
  const published = await callAs(server, who, { method: 'POST', url: `${WIDGETS_API}/galleryentries`, payload: { widgetId: a!.id, categoryId: 'travel', title: 'Trip', channel: 'www.printhaven.co.uk' } });
  expect(published.statusCode).toBe(201);
}

const customerTables = ['widgets', 'widget_shares', 'widget_share_counts', 'gallery_entries'] as const;

describe.each(databases)('erasing a customer’s photo books on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('deleteAllOf leaves nothing of the customer in any photo-book table, and everything of others', async () => {
    const [gone, stays] = [await newCustomer(server()), await newCustomer(server())];
    await withBooks(server(), gone);
    await withBooks(server(), stays);
    const goneBooks = (await server().db.selectFrom('widgets').select('id').where('customer_id', '=', gone.id).execute()).map((r) => r.id);
    const othersBefore = await widgetTables(server());

    await widgetRepository(server().db).deleteAllOf(gone.id);

    for (const table of customerTables) expect(await server().db.selectFrom(table).selectAll().where('customer_id', '=', gone.id).execute(), table).toEqual([]);
    expect(await server().db.selectFrom('widget_pages').selectAll().where('widget_id', 'in', goneBooks).execute()).toEqual([]);
    const after = await widgetTables(server());
    for (const [table, rows] of Object.entries(othersBefore)) {
      expect(after[table], table).toEqual(rows.filter((r) => !r.includes(gone.id) && !goneBooks.some((id) => r.includes(id))));
    }
    expect((await server().db.selectFrom('widgets').select('id').where('customer_id', '=', stays.id).execute()).length).toBe(2);
    // Running it again (a deletion resumed after a restart) is harmless.
    await widgetRepository(server().db).deleteAllOf(gone.id);
  });
});
