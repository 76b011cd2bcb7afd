import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { paths } from './paths';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** What the server renderer reads from a route's handle. */
export interface RouteHandle {
  /** rendered in the browser only: the page depends on the visitor's session or a one-time token */
  clientOnly?: boolean;
}
const clientOnly: { handle: RouteHandle } = { handle: { clientOnly: true } };

/** Every route of SPEC.md §2, each page in its own chunk. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: paths.home, ...page(() => import('../features/home/home-page')) },
      {
        // react-query for every page but Home (kept out of the home page's JavaScript)
        lazy: async () => ({ Component: (await import('./query-layout')).QueryLayout }),
        children: [
          { path: paths.adopt, ...page(() => import('../features/directory/adoption-page')) },
          { path: paths.lost, ...page(() => import('../features/directory/lost-pets-page')) },
          { path: paths.sitters, ...page(() => import('../features/directory/sitters-page')) },
          { path: paths.trainers, ...page(() => import('../features/directory/trainers-page')) },
          { path: paths.walkers, ...page(() => import('../features/directory/walkers-page')) },
          { path: paths.groomers, ...page(() => import('../features/directory/groomers-page')) },
          { path: paths.vets, ...page(() => import('../features/directory/vets-page')) },
          { path: paths.animalHouse, ...page(() => import('../features/directory/animal-house-page')) },
          { path: paths.petDetails, ...page(() => import('../features/pet-profile/pet-profile-page')) },
          { path: paths.sitter, ...page(() => import('../features/provider/sitter-page')) },
          { path: paths.trainer, ...page(() => import('../features/provider/trainer-page')) },
          { path: paths.walker, ...page(() => import('../features/provider/walker-page')) },
          { path: paths.groomer, ...page(() => import('../features/provider/groomer-page')) },
          { path: paths.vet, ...page(() => import('../features/provider/vet-page')) },
          { path: paths.support, ...page(() => import('../features/support/support-page')) },
          { path: paths.privacy, ...page(() => import('../features/legal/privacy-policy-page')) },
          { path: paths.terms, ...page(() => import('../features/legal/terms-page')) },
          { path: paths.resetPassword, ...clientOnly, ...page(() => import('../features/account-tokens/reset-password-page')) },
          { path: paths.verifyEmail, ...clientOnly, ...page(() => import('../features/account-tokens/verify-email-page')) },
          { path: paths.acceptPetInvite, ...clientOnly, ...page(() => import('../features/account-tokens/accept-invite-page')) },
          { path: paths.dashboard, ...clientOnly, ...page(() => import('../features/portal/dashboard-page')) },
        ],
      },
      { path: '*', loader: () => { throw new Response('Not Found', { status: 404, statusText: 'Not Found' }); } },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the lazy modules of the routes that match the current address and puts them in place, so
 * the router starts initialised and hydration renders the page the server rendered (no fallback).
 */
export async function resolveLazyRoutes(pathname: string): Promise<void> {
  const lazyMatches = (matchRoutes(routes, pathname) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, await load(), { lazy: undefined });
    }),
  );
}
