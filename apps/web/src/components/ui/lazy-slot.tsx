import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';

interface BoundaryProps {
  fallback: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
  children: ReactNode;
}

class QuietBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

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
 * default nothing) instead of taking the whole screen down when its code or texts cannot be loaded.
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
