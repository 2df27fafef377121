import type { AppConfig, Channel, Locale } from '@shoebox/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import type { AuthSession } from './auth/auth-session';
import type { ErrorReporter } from './error-reporting/error-reporter';
import type { FeatureFlags } from './feature-flags';
import type { HttpClient } from './http/http-client';

/** Everything the app is built from at start-up; created once in main.tsx, replaced by fakes in tests. */
export interface AppServices {
  config: AppConfig;
  channel: Channel;
  locale: Locale;
  flags: FeatureFlags;
  auth: AuthSession;
  http: HttpClient;
  reporter: ErrorReporter;
  stripped: () => boolean;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}
