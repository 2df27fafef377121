const KEY = 'shoebox.stripped';
export const STRIPPED_PARAM = 'stripped';

/** `stripped=true` turns the reduced layout on for the browser session; `stripped=false` turns it off. */
export function readStrippedMode(search: string, session: Storage): boolean {
  const value = new URLSearchParams(search).get(STRIPPED_PARAM);
  if (value === 'true') session.setItem(KEY, '1');
  if (value === 'false') session.removeItem(KEY);
  return session.getItem(KEY) === '1';
}

/** The URL to go to instead when stripped mode is on and the URL lost its parameter, else undefined. */
export function withStrippedParam(url: URL, stripped: boolean): URL | undefined {
  if (!stripped || url.searchParams.get(STRIPPED_PARAM) === 'true') return undefined;
  const next = new URL(url);
  next.searchParams.set(STRIPPED_PARAM, 'true');
  return next;
}
