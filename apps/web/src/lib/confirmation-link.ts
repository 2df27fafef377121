import { CONFIRMATION_TOKEN_PARAM } from '@shoebox/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useServices } from './services';

export interface ConfirmationOutcome {
  /** The public page the customer is signed out towards once the token is confirmed. */
  confirmed: string;
  /** The page a failure (or a link without its token) goes to; `error` is undefined for a missing token. */
  failed: (error: unknown) => string;
}

/**
 * The page behind a link from an email (change email, delete account; account-area §4): confirms its
 * token once per visit (StrictMode's repeated effects send nothing more, a replayed link is the server's
 * to refuse), then signs the customer out towards `confirmed`, or goes to the failure page.
 */
export function useConfirmationLink(confirm: (token: string) => Promise<unknown>, outcome: ConfirmationOutcome): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { auth } = useServices();
  const started = useRef(false);
  const latest = useRef({ confirm, outcome });
  latest.current = { confirm, outcome };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { confirm, outcome } = latest.current;
    const token = params.get(CONFIRMATION_TOKEN_PARAM);
    const fail = (error: unknown) => void navigate(outcome.failed(error), { replace: true });
    if (!token) return fail(undefined);
    void confirm(token).then(() => auth.signOut(outcome.confirmed), fail);
  }, [auth, navigate, params]);
}
