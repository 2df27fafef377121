/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { http, HttpResponse } from 'msw';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/locales');

/** Serves /locales/{locale}/{namespace}.json from public/, as the server does: feature texts load for real. */
export const featureLocaleHandler = http.get('*/locales/:locale/:namespace', ({ params }) => {
  const file = path.join(localesDir, String(params.locale), String(params.namespace));
  if (!file.startsWith(localesDir) || !fs.existsSync(file)) return new HttpResponse(null, { status: 404 });
  return HttpResponse.json(JSON.parse(fs.readFileSync(file, 'utf8')));
});
