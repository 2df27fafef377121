import { tempSelectionCreatedSchema, tempSelectionSchema, type TempSelectionRequest } from '@shoebox/contracts';
import type { HttpClient } from '../../../lib/http/http-client';

/** GET {photoManagement}/temp-selections/{id}: the photos handed to the editor; 404 once it expired or when it is not the customer's. */
export const getTempSelection = (http: HttpClient, tempSelectionId: string, signal?: AbortSignal) =>
  http('photoManagement', `/temp-selections/${encodeURIComponent(tempSelectionId)}`, { schema: tempSelectionSchema, signal });

/** POST {photoManagement}/temp-selections: a new selection of a saved project's photos, when the one it was made from has expired. */
export const createTempSelection = (http: HttpClient, request: TempSelectionRequest, signal?: AbortSignal) =>
  http('photoManagement', '/temp-selections', { method: 'POST', body: request, schema: tempSelectionCreatedSchema, signal });
