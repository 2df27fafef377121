import type { OpenApiDocument, Operation } from './openapi.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const code = (value: unknown) => `<pre><code>${escape(JSON.stringify(value, null, 2))}</code></pre>`;
const anchor = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '-');

/** Plain CSS only: the page runs no script, so the CSP's script rule needs no exception and nothing loads from elsewhere. */
const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1d1f}main{max-width:72rem;margin:0 auto;padding:1.5rem}
nav ul{columns:2;padding-left:1.2rem}section{border-top:1px solid #ccc;padding:1rem 0}h2{font-size:1.1rem;margin:0}
.method{display:inline-block;min-width:4.5rem;font-family:monospace;font-weight:700}.path{font-family:monospace}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
pre{background:#f5f5f7;padding:.5rem;overflow:auto;max-height:24rem;font-size:13px}details{margin:.25rem 0}`;

function parametersTable(op: Operation): string {
  if (!op.parameters?.length) return '';
  const rows = op.parameters
    .map((p) => `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td>${escape(p.description ?? '')}${code(p.schema)}</td></tr>`)
    .join('');
  return `<h3>Parameters</h3><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function bodySection(op: Operation): string {
  if (!op.requestBody) return '';
  return `<h3>Request body</h3>${Object.entries(op.requestBody.content)
    .map(([type, { schema }]) => `<details open><summary>${escape(type)}</summary>${code(schema)}</details>`)
    .join('')}`;
}

function responsesSection(op: Operation): string {
  const items = Object.entries(op.responses)
    .map(([status, r]) => {
      const headers = r.headers ? `<p>Headers: ${Object.keys(r.headers).map((h) => `<code>${escape(h)}</code>`).join(', ')}</p>` : '';
      const content = Object.entries(r.content ?? {})
        .map(([type, { schema }]) => `<details><summary>${escape(type)}</summary>${code(schema)}</details>`)
        .join('');
      return `<li><strong>${escape(status)}</strong> ${escape(r.description)}${headers}${content}</li>`;
    })
    .join('');
  return `<h3>Responses</h3><ul>${items}</ul>`;
}

/** The API reference as one server-rendered page: every operation, its parameters and its schemas. */
export function referencePage(doc: OpenApiDocument, documentUrl: string, alsoPublished: { title: string; url: string }[] = []): string {
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const toc = operations
    .map(({ path, method, op }) => `<li><a href="#${anchor(op.operationId)}"><span class="method">${method.toUpperCase()}</span> <span class="path">${escape(path)}</span></a></li>`)
    .join('');
  const sections = operations
    .map(({ path, method, op }) => {
      const auth = op.security.length ? `Needs an access token with the scope ${op.security.flatMap((s) => Object.values(s).flat()).map((x) => `<code>${escape(x)}</code>`).join(', ')}.` : 'Public: no access token.';
      return `<section id="${anchor(op.operationId)}"><h2><span class="method">${method.toUpperCase()}</span> <span class="path">${escape(path)}</span></h2>
<p>${escape(op.summary)}</p>${op.description ? `<p>${escape(op.description)}</p>` : ''}<p>${auth} Tag: ${escape(op.tags.join(', '))}.</p>
${parametersTable(op)}${bodySection(op)}${responsesSection(op)}</section>`;
    })
    .join('\n');
  const oidc = Object.values(doc.components.securitySchemes)[0] as { openIdConnectUrl?: string } | undefined;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><main><h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1><p>${escape(doc.info.description)}</p>
<p>The machine-readable document: <a href="${escape(documentUrl)}">${escape(documentUrl)}</a> (OpenAPI ${doc.openapi}).${alsoPublished.map((d) => ` ${escape(d.title)}: <a href="${escape(d.url)}">${escape(d.url)}</a>.`).join('')}${oidc?.openIdConnectUrl ? ` Sign-in: <a href="${escape(oidc.openIdConnectUrl)}">the provider's discovery document</a>.` : ''}</p>
<nav aria-label="Operations"><ul>${toc}</ul></nav>
${sections}
<h2>Error shape</h2>${code(doc.components.schemas.ApiError)}</main></body></html>`;
}
