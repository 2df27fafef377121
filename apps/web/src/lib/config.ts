import { appConfigSchema, type AppConfig } from '@shoebox/contracts';
import { parse } from 'zod/mini';

export async function loadAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  const response = await fetch('/config.json', { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Configuration could not be loaded (${response.status})`);
  return parse(appConfigSchema, await response.json());
}
