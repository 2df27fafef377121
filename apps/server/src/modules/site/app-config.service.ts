import { API_SERVICES, SERVICE_BASE_PATHS, type AppConfig } from '@shoebox/contracts';
import type { Config } from '../../config.js';
import { API_SCOPE } from '../../platform/auth/embedded/provider-options.js';

/** Builds /config.json for the origin the page was served from, so brand hosts call their own origin. */
export function appConfigFor(config: Config, origin: string): AppConfig {
  const base = config.origins.includes(origin) ? origin : config.publicUrl;
  const ws = base.replace(/^http/, 'ws');
  return {
    api: Object.fromEntries(API_SERVICES.map((s) => [s, config.apiBases[s] ?? `${base}${SERVICE_BASE_PATHS[s]}`])) as AppConfig['api'],
    pushSocketUrl: `${ws}/api/push`,
    uploadUrl: `${base}/api/uploads`,
    mobileUploadUrl: config.mobileUploadUrl,
    // The embedded editor stays on the customer's own origin, where their session is.
    printsEditorUrl: config.printsEditorUrl ?? `${base}/prints-editor`,
    auth: { authority: config.auth.issuer, clientId: config.auth.clientId, scope: `openid email profile offline_access ${API_SCOPE}` },
    flags: config.flags,
    supportChat: { enabled: config.supportChat.enabled, url: config.supportChat.url },
    errorReporting: { sentryDsn: config.sentryDsn },
    testHosts: config.testHosts,
  };
}
