/**
 * Set while this browser follows a library activation (spec §4 "Activation"), kept in local storage so a
 * reload, or another tab, carries on following it until it ends.
 */
export const ACTIVATION_IN_PROGRESS_KEY = 'shoebox.libraryActivationInProgress';

export function isActivationInProgress(): boolean {
  try {
    return window.localStorage.getItem(ACTIVATION_IN_PROGRESS_KEY) !== null;
  } catch {
    return false;
  }
}

export function setActivationInProgress(): void {
  try {
    window.localStorage.setItem(ACTIVATION_IN_PROGRESS_KEY, new Date().toISOString());
  } catch {
    // Without local storage the activation is still followed while this page stays open.
  }
}

export function clearActivationInProgress(): void {
  try {
    window.localStorage.removeItem(ACTIVATION_IN_PROGRESS_KEY);
  } catch {
    // Nothing was stored.
  }
}
