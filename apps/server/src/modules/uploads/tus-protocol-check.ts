import { Metadata, TUS_RESUMABLE, TUS_VERSION } from '@tus/utils';

/** A request the tus server must not see: refused here, in our error shape, with the status tus gives it. */
export interface ProtocolRefusal {
  status: number;
  code: string;
  message: string;
  headers?: Record<string, string>;
}

const METHODS = new Set(['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS']);
const nonNegativeInteger = (v: string) => /^(0|[1-9][0-9]*)$/.test(v) && Number.isSafeInteger(Number(v));
const parsesAsMetadata = (v: string) => {
  try {
    Metadata.parse(v);
    return true;
  } catch {
    return false;
  }
};

/** The header checks of the tus server (which answers them in plain text), under the names clients know. */
const HEADER_CHECKS: [header: string, name: string, valid: (value: string, method: string) => boolean][] = [
  ['upload-offset', 'Upload-Offset', nonNegativeInteger],
  ['upload-length', 'Upload-Length', nonNegativeInteger],
  ['upload-defer-length', 'Upload-Defer-Length', (v) => v === '1'],
  ['upload-metadata', 'Upload-Metadata', parsesAsMetadata],
  ['x-forwarded-proto', 'X-Forwarded-Proto', (v) => v === 'http' || v === 'https'],
  ['tus-version', 'Tus-Version', (v) => (TUS_VERSION as readonly string[]).includes(v)],
  ['content-type', 'Content-Type', (v, method) => method !== 'PATCH' || v === 'application/offset+octet-stream'],
];

/**
 * Checks what tus 1.0 requires of every request before the tus server handles it, so that each refusal
 * has our JSON shape and the status the protocol names: 412 with Tus-Version for a version we do not
 * speak, and a plain refusal of concatenation, an extension this server does not offer.
 */
export function checkTusRequest(method: string, headers: Record<string, string | string[] | undefined>): ProtocolRefusal | undefined {
  if (!METHODS.has(method)) return { status: 405, code: 'method_not_allowed', message: `${method} is not part of the upload protocol`, headers: { Allow: [...METHODS].join(', ') } };
  if (method === 'OPTIONS') return undefined;
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  if (header('tus-resumable') !== TUS_RESUMABLE) {
    return { status: 412, code: 'unsupported_version', message: `This server speaks tus ${TUS_VERSION.join(', ')}: send Tus-Resumable: ${TUS_RESUMABLE}`, headers: { 'Tus-Version': TUS_VERSION.join(',') } };
  }
  if (header('upload-concat') !== undefined) {
    return { status: 400, code: 'concatenation_unsupported', message: 'Concatenating uploads is not supported: send each file as one upload' };
  }
  for (const [name, shown, valid] of HEADER_CHECKS) {
    const value = header(name);
    if (value !== undefined && !valid(value, method)) return { status: 400, code: 'bad_request', message: `Invalid ${shown} header` };
  }
  return undefined;
}
