import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../lib/services';
import { buttonClass } from './button';

/** The spec's failure for a navigation button without a target (photo-library §8): reported, never shown. */
export const NAV_BUTTON_HREF_MISSING = 'href is required for NavButton';

export interface NavButtonProps {
  /** A path of this app (followed in the page), or an address elsewhere (the storefront's, a PDF). */
  href: string | null | undefined;
  variant: keyof typeof buttonClass;
  children: ReactNode;
  'aria-label'?: string;
  target?: '_blank';
}

const isAppPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

/**
 * A link that looks like a button. Its target often comes from a storefront's configuration: one that is
 * missing is reported with the spec's error and the button left out, so a customer never meets a dead one.
 */
export function NavButton({ href, variant, children, ...rest }: NavButtonProps) {
  const { reporter } = useServices();
  const missing = !href?.trim();
  useEffect(() => {
    if (missing) reporter.report(new Error(NAV_BUTTON_HREF_MISSING), { component: 'NavButton' });
  }, [missing, reporter]);
  if (missing) return null;
  const className = buttonClass[variant];
  if (isAppPath(href!) && !rest.target) {
    return (
      <Link className={className} to={href!} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a className={className} href={href!} {...rest} {...(rest.target ? { rel: 'noopener' } : {})}>
      {children}
    </a>
  );
}
