import type { PushMessage } from '@shoebox/contracts';
import { useEffect, useEffectEvent } from 'react';
import { useServices } from '../services';
import { openPushSocket } from './open-push-socket';

export interface UsePushMessagesOptions {
  onMessage: (message: PushMessage) => void;
  /** Each time the connection is (re)authenticated; see PushSocketOptions.onAuthenticated. */
  onAuthenticated?: (info: { reconnected: boolean }) => void;
  /** Connect only while true (default true). */
  enabled?: boolean;
}

/** Keeps a push connection open while the calling component is mounted (and enabled), with the app's address and token. */
export function usePushMessages({ onMessage, onAuthenticated, enabled = true }: UsePushMessagesOptions): void {
  const { config, auth } = useServices();
  const handleMessage = useEffectEvent(onMessage);
  const handleAuthenticated = useEffectEvent((info: { reconnected: boolean }) => onAuthenticated?.(info));

  useEffect(() => {
    if (!enabled) return;
    const socket = openPushSocket({
      url: config.pushSocketUrl,
      getAccessToken: () => auth.accessToken(),
      onMessage: (message) => handleMessage(message),
      onAuthenticated: (info) => handleAuthenticated(info),
    });
    return () => socket.close();
  }, [enabled, config.pushSocketUrl, auth]);
}
