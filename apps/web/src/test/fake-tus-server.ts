import { UPLOAD_DUPLICATE_HEADER, UPLOAD_PHOTO_ID_HEADER } from '@shoebox/contracts';
import { delay, http, HttpResponse } from 'msw';

/** What the fake server does with a file once its last byte arrived. */
export type Completion = { photoId: string; duplicate?: boolean } | { refuse: { status: number; message: string } };

export interface FakeUpload {
  id: string;
  length: number;
  offset: number;
  metadata: Record<string, string>;
  bytes: Uint8Array[];
  completed?: Completion;
  terminated: boolean;
}

export interface TusRequest {
  method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE';
  uploadId?: string;
  offset?: number;
  authorization: string | null;
}

export interface FakeTusOptions {
  /** Decides each completed upload's fate; default: a new photo `photo-<upload id>`. */
  complete?: (upload: FakeUpload) => Completion;
  /** Called before each PATCH is applied; answer a Response to send it instead (e.g. a network error). */
  interceptPatch?: (upload: FakeUpload, offset: number) => Response | undefined | Promise<Response | undefined>;
  /** Called before each POST (the 1st is 1); answer a Response to send it instead (e.g. a limit's 429). */
  interceptCreate?: (attempt: number) => Response | undefined;
  /** Milliseconds each PATCH takes, to see uploads in progress. */
  patchDelayMs?: number;
}

function parseMetadata(header: string | null): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) metadata[key] = value ? atob(value) : '';
  }
  return metadata;
}

/**
 * A tus 1.0 server in MSW at `endpoint`: POST creates (Location), HEAD answers the offset, PATCH appends a
 * chunk at the right offset and, after the last byte, answers x-photo-id / x-photo-duplicate or a JSON
 * refusal {status, error, message, correlationId}; DELETE terminates. Every request is logged.
 */
export function fakeTusServer(endpoint: string, options: FakeTusOptions = {}) {
  const uploads = new Map<string, FakeUpload>();
  const requests: TusRequest[] = [];
  let next = 0;
  let creations = 0;
  const tusHeaders = { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store' };
  const find = (id: unknown) => uploads.get(String(id));

  const handlers = [
    http.post(endpoint, ({ request }) => {
      const intercepted = options.interceptCreate?.(++creations);
      if (intercepted) return intercepted;
      const id = `u${++next}`;
      const upload: FakeUpload = {
        id,
        length: Number(request.headers.get('upload-length')),
        offset: 0,
        metadata: parseMetadata(request.headers.get('upload-metadata')),
        bytes: [],
        terminated: false,
      };
      uploads.set(id, upload);
      requests.push({ method: 'POST', uploadId: id, authorization: request.headers.get('authorization') });
      return new HttpResponse(null, { status: 201, headers: { ...tusHeaders, Location: `${endpoint}/${id}` } });
    }),
    http.head(`${endpoint}/:id`, ({ params, request }) => {
      const upload = find(params.id);
      requests.push({ method: 'HEAD', uploadId: String(params.id), authorization: request.headers.get('authorization') });
      if (!upload || upload.terminated) return new HttpResponse(null, { status: 404, headers: tusHeaders });
      return new HttpResponse(null, { status: 200, headers: { ...tusHeaders, 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length) } });
    }),
    http.patch(`${endpoint}/:id`, async ({ params, request }) => {
      const upload = find(params.id);
      const offset = Number(request.headers.get('upload-offset'));
      requests.push({ method: 'PATCH', uploadId: String(params.id), offset, authorization: request.headers.get('authorization') });
      if (!upload || upload.terminated) return new HttpResponse(null, { status: 404, headers: tusHeaders });
      if (offset !== upload.offset) return new HttpResponse(null, { status: 409, headers: tusHeaders });
      const intercepted = await options.interceptPatch?.(upload, offset);
      if (intercepted) return intercepted;
      if (options.patchDelayMs) await delay(options.patchDelayMs);
      const chunk = new Uint8Array(await request.arrayBuffer());
      upload.bytes.push(chunk);
      upload.offset += chunk.byteLength;
      const headers: Record<string, string> = { ...tusHeaders, 'Upload-Offset': String(upload.offset) };
      if (upload.offset < upload.length) return new HttpResponse(null, { status: 204, headers });
      upload.completed = options.complete?.(upload) ?? { photoId: `photo-${upload.id}` };
      if ('refuse' in upload.completed) {
        const { status, message } = upload.completed.refuse;
        upload.terminated = true;
        return HttpResponse.json({ status, error: 'Unprocessable Entity', message, correlationId: 'corr-1' }, { status, headers: tusHeaders });
      }
      headers[UPLOAD_PHOTO_ID_HEADER] = upload.completed.photoId;
      if (upload.completed.duplicate) headers[UPLOAD_DUPLICATE_HEADER] = 'true';
      return new HttpResponse(null, { status: 204, headers });
    }),
    http.delete(`${endpoint}/:id`, ({ params, request }) => {
      const upload = find(params.id);
      requests.push({ method: 'DELETE', uploadId: String(params.id), authorization: request.headers.get('authorization') });
      if (!upload) return new HttpResponse(null, { status: 404, headers: tusHeaders });
      upload.terminated = true;
      return new HttpResponse(null, { status: 204, headers: tusHeaders });
    }),
  ];

  return { handlers, uploads, requests };
}
