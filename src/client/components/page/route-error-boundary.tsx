import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoading } from '#client/components/states/page-loading';

// The error page is loaded only when a route fails, keeping its Button and Container out of the entry chunk.
const RouteErrorPage = lazy(() =>
  import('#client/components/page/route-error-page').then((m) => ({ default: m.RouteErrorPage })),
);

interface CatcherProps {
  children: ReactNode;
  /** the address shown: an error belongs to it, and the next address renders its page again */
  locationKey: string;
}

interface CatcherState {
  locationKey: string;
  failed: boolean;
  error: unknown;
}

class ErrorCatcher extends Component<CatcherProps, CatcherState> {
  override state: CatcherState = { locationKey: this.props.locationKey, failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: CatcherProps, state: CatcherState): Partial<CatcherState> | null {
    return props.locationKey === state.locationKey
      ? null
      : { locationKey: props.locationKey, failed: false, error: undefined };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={<PageLoading />}>
        <RouteErrorPage error={this.state.error} />
      </Suspense>
    );
  }
}

/**
 * The routes' error page (SPEC.md §8 "Unexpected Application Error!") in place of a page that
 * failed to render or whose module failed to load; moving to another address renders again.
 */
export function RouteErrorCatcher({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorCatcher locationKey={location.key}>{children}</ErrorCatcher>;
}
