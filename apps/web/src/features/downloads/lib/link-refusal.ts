import { serverRefusalOf, useServerRefusalText } from '../../../lib/http/server-refusal';

/**
 * What a customer reads when an archive's link is refused. The link's 404 means the archive itself is gone
 * (failed or expired), not that photos left the library as a request's 404 does, so it reads as the generic
 * text; the list, read again, then shows how the archive now is.
 */
export function useLinkRefusalText(): (error: unknown) => string {
  const refusalText = useServerRefusalText('downloads');
  return (error) => {
    const refusal = serverRefusalOf(error);
    return refusalText(refusal?.code === 'not_found' ? undefined : refusal);
  };
}
