import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers';

/** One MSW server for the whole web suite; tests add handlers with `server.use(...)`, reset after each test. */
export const server = setupServer(...defaultHandlers);
