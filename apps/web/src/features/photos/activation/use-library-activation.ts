import { IMPORT_FINISHED_WAIT_MS, isImportMessage, type ActivationState, type ActivationStatus, type ImportPushMessage } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { openPushSocket } from '../../../lib/push/open-push-socket';
import { useServices } from '../../../lib/services';
import { useActivationStatus } from '../api/get-activation-status';
import { activationKeys, albumKeys, photoKeys } from '../api/query-keys';
import { useStartActivation } from '../api/start-activation';
import { isNewerImportMessage } from './import-progress';
import { clearActivationInProgress, isActivationInProgress, setActivationInProgress } from './in-progress-flag';

export type ActivationView =
  | { kind: 'none' }
  | { kind: 'offer'; failedBefore: boolean }
  | { kind: 'importing'; progress: ImportPushMessage | undefined; finishing: boolean }
  | { kind: 'done'; failed: number };

/**
 * Library activation as spec §4 tells it. Starting calls POST /users/activate and sets the in-progress flag;
 * while it is set (after a reload too) or the library is IMPORTING (another tab started it), a push socket
 * follows the import: authenticated ('OK'), it looks at the current status, so nothing missed while it was
 * connecting goes unseen; import messages show progress, a newer one (by data.timestamp) replacing the last;
 * on import.finished it waits IMPORT_FINISHED_WAIT_MS, refreshes the status, clears the flag and closes the
 * socket. When the status becomes ACTIVE, the library's albums, photos, timeline, user and shared data are
 * fetched again.
 */
export function useLibraryActivation() {
  const { config, auth, flags } = useServices();
  const queryClient = useQueryClient();
  const enabled = flags.isOn('PhotoManagementReactivationEnabled');
  const status = useActivationStatus(enabled);
  const start = useStartActivation();
  const [following, setFollowing] = useState(() => enabled && isActivationInProgress());
  const [progress, setProgress] = useState<ImportPushMessage>();
  const [finishing, setFinishing] = useState(false);
  const [outcome, setOutcome] = useState<'done' | 'failed'>();
  /** Photos the finished import could not bring in (its last message said so). */
  const [notImported, setNotImported] = useState(0);
  const current = status.data?.status;

  const stopFollowing = useCallback((result?: 'done' | 'failed', failed = 0) => {
    clearActivationInProgress();
    setNotImported(failed);
    setFollowing(false);
    setFinishing(false);
    setProgress(undefined);
    setOutcome(result);
  }, []);

  // IMPORTING on load (another tab or device started it): follow it here too.
  useEffect(() => {
    if (current === 'IMPORTING' && !following) {
      setActivationInProgress();
      setFollowing(true);
    }
  }, [current, following]);

  // The status says the import is over (it ended while nobody followed, or before the socket was there):
  // stop, unless an import.finished is being waited out (the status is refreshed after that wait).
  useEffect(() => {
    if (!following || finishing || !current || current === 'IMPORTING') return;
    stopFollowing(current === 'ACTIVE' ? 'done' : undefined);
  }, [following, finishing, current, stopFollowing]);

  // Status becomes ACTIVE: what was cached of the library was cached without the imported photos.
  const previous = useRef<ActivationStatus>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = current;
    if (current !== 'ACTIVE' || before === undefined || before === 'ACTIVE') return;
    void queryClient.invalidateQueries({ queryKey: photoKeys.all });
    void queryClient.invalidateQueries({ queryKey: albumKeys.all });
  }, [current, queryClient]);

  useEffect(() => {
    if (!following) return;
    let latest: ImportPushMessage | undefined;
    let waiting = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshStatus = () => queryClient.refetchQueries({ queryKey: activationKeys.status(), exact: true });
    const socket = openPushSocket({
      url: config.pushSocketUrl,
      getAccessToken: () => auth.accessToken(),
      onAuthenticated: () => {
        if (!waiting) void refreshStatus();
      },
      onMessage: (message) => {
        if (!isImportMessage(message) || !isNewerImportMessage(message, latest)) return;
        latest = message;
        setProgress(message);
        if (waiting) return;
        if (message.type === 'import.finished') {
          waiting = true;
          setFinishing(true);
          timer = setTimeout(() => {
            void refreshStatus().finally(() => {
              socket.close();
              const active = queryClient.getQueryData<ActivationState>(activationKeys.status())?.status === 'ACTIVE';
              stopFollowing(active ? 'done' : undefined, latest?.data.payload.failed);
            });
          }, IMPORT_FINISHED_WAIT_MS);
        } else if (message.type === 'import.failed') {
          waiting = true;
          setFinishing(true);
          void refreshStatus().finally(() => {
            socket.close();
            stopFollowing('failed');
          });
        }
      },
    });
    return () => {
      clearTimeout(timer);
      socket.close();
    };
  }, [following, config.pushSocketUrl, auth, queryClient, stopFollowing]);

  const begin = () => {
    setOutcome(undefined);
    start.mutate(undefined, {
      onSuccess: ({ started }) => {
        if (started) {
          // The server moved the library to IMPORTING before it answered.
          queryClient.setQueryData<ActivationState>(activationKeys.status(), { status: 'IMPORTING' });
          setActivationInProgress();
          setFollowing(true);
        } else {
          // It was not NOT_ACTIVE any more (another tab started it, or it is done): see what it is.
          void queryClient.invalidateQueries({ queryKey: activationKeys.status() });
        }
      },
    });
  };

  let view: ActivationView = { kind: 'none' };
  if (!enabled) view = { kind: 'none' };
  else if (following || current === 'IMPORTING') view = { kind: 'importing', progress, finishing };
  else if (current === 'NOT_ACTIVE') view = { kind: 'offer', failedBefore: outcome === 'failed' };
  else if (outcome === 'done' && current === 'ACTIVE') view = { kind: 'done', failed: notImported };

  return { view, start: begin, starting: start.isPending, startFailed: start.isError, dismiss: () => setOutcome(undefined) };
}
