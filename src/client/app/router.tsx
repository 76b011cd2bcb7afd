import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { RouteErrorBoundary } from '#client/components/route-error-boundary';
import { paths } from '#client/app/paths';

/** What the server renderer reads from a route's handle. */
export interface RouteHandle {
  /** the route's module (a key of Vite's manifest): the server preloads its chunks */
  module?: string;
  /** rendered in the browser only: the page depends on the visitor's session or a one-time token */
  clientOnly?: boolean;
}

type PageModule = { default: React.ComponentType };
// Each page module is its own chunk, loaded when its route matches.
const pageModules = import.meta.glob<PageModule>('../features/*/*-page.tsx');

function page(name: string, handle: Omit<RouteHandle, 'module'> = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = pageModules[`../features/${name}.tsx`];
  if (!load) throw new Error(`No page module features/${name}.tsx`);
  return {
    lazy: async () => ({ Component: (await load()).default }),
    handle: { ...handle, module: `src/client/features/${name}.tsx` } satisfies RouteHandle,
  };
}

/** Every route of SPEC.md §2, each page in its own chunk. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: paths.home, ...page('home/home-page') },
      {
        // react-query for every page but Home (kept out of the home page's JavaScript)
        lazy: async () => ({ Component: (await import('#client/app/query-layout')).QueryLayout }),
        handle: { module: 'src/client/app/query-layout.tsx' } satisfies RouteHandle,
        children: [
          { path: paths.adopt, ...page('directory/adoption-page') },
          { path: paths.lost, ...page('directory/lost-pets-page') },
          { path: paths.sitters, ...page('directory/sitters-page') },
          { path: paths.trainers, ...page('directory/trainers-page') },
          { path: paths.walkers, ...page('directory/walkers-page') },
          { path: paths.groomers, ...page('directory/groomers-page') },
          { path: paths.vets, ...page('directory/vets-page') },
          { path: paths.animalHouse, ...page('directory/animal-house-page') },
          { path: paths.petDetails, ...page('pet-profile/pet-profile-page') },
          { path: paths.petFlyer, ...page('pet-profile/pet-flyer-page') },
          { path: paths.sitter, ...page('provider/sitter-page') },
          { path: paths.trainer, ...page('provider/trainer-page') },
          { path: paths.walker, ...page('provider/walker-page') },
          { path: paths.groomer, ...page('provider/groomer-page') },
          { path: paths.vet, ...page('provider/vet-page') },
          { path: paths.support, ...page('support/support-page') },
          { path: paths.privacy, ...page('legal/privacy-policy-page') },
          { path: paths.terms, ...page('legal/terms-page') },
          { path: paths.resetPassword, ...page('account-tokens/reset-password-page', { clientOnly: true }) },
          { path: paths.verifyEmail, ...page('account-tokens/verify-email-page', { clientOnly: true }) },
          { path: paths.acceptPetInvite, ...page('account-tokens/accept-invite-page', { clientOnly: true }) },
          // Rendered on the server as the login form (the session lives in the browser, so the server never
          // sees a clinic): the first screen paints before any JavaScript, the dashboard's code comes after.
          { path: paths.dashboard, ...page('portal/dashboard-page') },
          // The clinic's printouts: a session lives in the browser only, so they render there.
          { path: paths.petCertificate, ...page('portal/printout-page', { clientOnly: true }) },
          { path: paths.visitSummary, ...page('portal/printout-page', { clientOnly: true }) },
          // the owner's private link: never rendered on the server or kept in a page cache
          { path: paths.sightings, ...page('sightings/sightings-page', { clientOnly: true }) },
        ],
      },
      // An unknown address: a friendly page in the site's frame, answered with HTTP 404 by the server.
      { path: '*', ...page('not-found/not-found-page') },
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
