import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { retryFailedTexts } from '../../lib/i18n';

interface BoundaryProps {
  fallback: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
  children: ReactNode;
}

class QuietBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  constructor(props: BoundaryProps) {
    super(props);
    // Each time a slot is shown anew (a modal opened again), texts that failed before get another try.
    retryFailedTexts();
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A place for a lazily loaded part of a screen: shows `fallback` while it loads, and `errorFallback` (by
 * default nothing) instead of taking the whole screen down when its code or texts cannot be loaded (never
 * the texts' keys). Shown again (remounted), it tries once more.
 */
export function LazySlot({
  children,
  fallback = null,
  errorFallback = null,
  onError,
}: {
  children: ReactNode;
  fallback?: ReactNode;
  errorFallback?: ReactNode;
  onError?: (error: unknown) => void;
}) {
  return (
    <QuietBoundary fallback={errorFallback} onError={onError}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </QuietBoundary>
  );
}
