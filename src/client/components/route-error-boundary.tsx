import { lazy, Suspense } from 'react';
import { PageLoading } from '#client/components/page-loading';

// The error page is loaded only when a route fails, keeping its Button and Container out of the entry chunk.
const RouteErrorPage = lazy(() => import('#client/components/route-error-page').then((m) => ({ default: m.RouteErrorPage })));

/** The router's errorElement (SPEC.md §8 "Unexpected Application Error!"). */
export function RouteErrorBoundary() {
  return (
    <Suspense fallback={<PageLoading />}>
      <RouteErrorPage />
    </Suspense>
  );
}
