import { tempSelectionCreatedSchema, type TempSelectionCreated } from '@shoebox/contracts';
import type { HttpClient } from '../../../lib/http/http-client';

/** POST /temp-selections: hands the photos to the prints editor on the storefront's channel. */
export const createTempSelection = (http: HttpClient, body: { photoIds: string[]; channel: string }, signal?: AbortSignal): Promise<TempSelectionCreated> =>
  http('photoManagement', '/temp-selections', { method: 'POST', body, schema: tempSelectionCreatedSchema, signal });
