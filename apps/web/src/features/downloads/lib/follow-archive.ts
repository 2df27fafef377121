import {
  ARCHIVE_ERROR_TOAST_MS,
  ARCHIVE_FINISHED_TOAST_MS,
  ARCHIVE_PUSH_CONNECTION_MS,
  ARCHIVE_STARTED_TOAST_MS,
  isArchiveMessage,
  type DownloadItem,
} from '@shoebox/contracts';
import { toast } from 'sonner';
import type { HttpClient } from '../../../lib/http/http-client';
import { openPushSocket, type PushSocketHandle } from '../../../lib/push/open-push-socket';
import { getDownloadUrl } from '../api/get-download-url';
import { getDownloads } from '../api/get-downloads';
import { saveArchive } from './save-archive';

export interface ArchiveTexts {
  started: string;
  finished: string;
  failed: string;
  /** The archive was made but its link could not be fetched: why, from the refusal. */
  notSaved: (error: unknown) => string;
}

export interface FollowArchiveDeps {
  http: HttpClient;
  pushSocketUrl: string;
  getAccessToken: () => Promise<string | undefined>;
  texts: ArchiveTexts;
  /** Each time the archive's state changes (the downloads list is stale then). */
  onChange?: () => void;
}

/**
 * Spec §4 "Archive download", after its request succeeded: a push connection that closes itself after 30
 * minutes; started → 'Preparing download...' for 5 s; finished → 'Downloading photos' for 10 s, the signed
 * link fetched and the file saved as {downloadId}.zip; error → 'Download failed' for 10 s. Events about other
 * archives are not this one's. Events sent while the connection was not yet (or no longer) authenticated are
 * lost, so each time it is, the archive's state is read from the list: one made before the socket was ready
 * is saved all the same, and one already being made shows 'Preparing download...' as its started event would.
 */
export function followArchive(downloadId: string, deps: FollowArchiveDeps): PushSocketHandle {
  const toastId = `archive-${downloadId}`;
  let settled = false;
  let startedShown = false;

  const settle = () => {
    if (settled) return false;
    settled = true;
    socket.close();
    deps.onChange?.();
    return true;
  };
  const fail = () => {
    if (settle()) toast.error(deps.texts.failed, { id: toastId, duration: ARCHIVE_ERROR_TOAST_MS });
  };
  const finish = () => {
    if (!settle()) return;
    toast(deps.texts.finished, { id: toastId, duration: ARCHIVE_FINISHED_TOAST_MS });
    getDownloadUrl(deps.http, downloadId).then(
      (url) => saveArchive(url, downloadId),
      (error: unknown) => toast.error(deps.texts.notSaved(error), { id: toastId, duration: ARCHIVE_ERROR_TOAST_MS }),
    );
  };
  const started = () => {
    if (settled || startedShown) return;
    startedShown = true;
    toast(deps.texts.started, { id: toastId, duration: ARCHIVE_STARTED_TOAST_MS });
  };
  const fromListed = (item: DownloadItem | undefined) => {
    if (item?.state === 'ready') finish();
    else if (item?.state === 'failed' || item?.state === 'expired') fail();
    // Its job may have started before the connection listened: the toast says so all the same.
    else if (item?.state === 'pending') started();
  };

  const socket = openPushSocket({
    url: deps.pushSocketUrl,
    getAccessToken: deps.getAccessToken,
    closeAfterMs: ARCHIVE_PUSH_CONNECTION_MS,
    onAuthenticated: () => {
      // A failure to read the list leaves the events to tell.
      getDownloads(deps.http).then(
        (list) => fromListed(list.items.find((item) => item.id === downloadId)),
        () => {},
      );
    },
    onMessage: (message) => {
      if (settled || !isArchiveMessage(message) || message.message.downloadId !== downloadId) return;
      switch (message.key) {
        case 'archive.generation.started':
          started();
          deps.onChange?.();
          break;
        case 'archive.generation.finished':
          finish();
          break;
        case 'archive.generation.error':
          fail();
          break;
      }
    },
  });
  return socket;
}
