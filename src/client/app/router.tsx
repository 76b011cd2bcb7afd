import { use, type ComponentType } from 'react';
import { matchRoutes, Outlet, useRoutes, type RouteMatch, type RouteObject } from 'react-router-dom';
import { RouteErrorCatcher } from '#client/components/page/route-error-boundary';
import { paths } from '#shared/page-routes';
import type { PagePrefetch } from '#client/api/page-data';

/** A page's module: its component and, when it reads server data, what its first render reads. */
interface PageModule {
  default: ComponentType;
  prefetch?: PagePrefetch;
}

/** What the server renderer and the browser's start read from a route's handle. */
export interface RouteHandle {
  /** the route's module (a key of Vite's manifest): the server preloads its chunks */
  module?: string;
  /**
   * loads the route's module (once): the browser before it renders the first page, the server renderer before each
   * render (for the page's prefetch)
   */
  load?: () => Promise<{ prefetch?: PagePrefetch }>;
  /** rendered in the browser only: the page depends on the visitor's session or a one-time token */
  clientOnly?: boolean;
}

/**
 * A module imported once, and the component that renders it: at once when the module is here (the
 * server renderer and the browser's start load the matched routes' modules first, so the first render
 * and hydration never wait), else it suspends on the import (a navigation: React keeps the page
 * shown until the next one's module is here). A failed load (a chunk gone after a deploy) reaches the
 * route error page and is tried again next time.
 */
function lazyModule<M>(importModule: () => Promise<M>, component: (module: M) => ComponentType) {
  let Loaded: ComponentType | undefined;
  let loading: Promise<M> | undefined;
  const load = () =>
    (loading ??= importModule().then(
      (module) => {
        Loaded = component(module);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function LazyRoute() {
    if (!Loaded) use(load());
    return Loaded ? <Loaded /> : null;
  }
  return { load, LazyRoute };
}

// Each page module is its own chunk, loaded when its route matches: a feature's pages, and the portal's pages, which
// compose the portal's features (app/portal). The portal's login screen is a part of those pages, not a route: as a
// module of the glob it was a lazy import of the entry, whose list of chunks to preload every page carried.
const pageModules = import.meta.glob<PageModule>([
  '../features/*/*-page.tsx',
  './portal/*-page.tsx',
  '!../features/portal-auth/login-page.tsx',
]);

/** A route's page: `name` is its module under src/client/features ('home/home-page'), or under src/client for app/. */
function page(name: string, handle: Pick<RouteHandle, 'clientOnly'> = {}): Pick<RouteObject, 'element' | 'handle'> {
  const inApp = name.startsWith('app/');
  const importPage = pageModules[inApp ? `./${name.slice(4)}.tsx` : `../features/${name}.tsx`];
  if (!importPage) throw new Error(`No page module ${name}.tsx`);
  const { load, LazyRoute } = lazyModule(importPage, (module) => module.default);
  return {
    element: <LazyRoute />,
    handle: { ...handle, module: `src/client/${inApp ? '' : 'features/'}${name}.tsx`, load } satisfies RouteHandle,
  };
}

const queryLayout = lazyModule(
  () => import('#client/app/query-layout'),
  (module) => module.QueryLayout,
);

/** Every route of SPEC.md §2, each page in its own chunk. */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorCatcher>
        <Outlet />
      </RouteErrorCatcher>
    ),
    children: [
      { path: paths.home, ...page('home/home-page') },
      {
        // react-query for every page but Home (kept out of the home page's JavaScript)
        element: <queryLayout.LazyRoute />,
        handle: {
          module: 'src/client/app/query-layout.tsx',
          load: () => queryLayout.load().then(() => ({})),
        } satisfies RouteHandle,
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
          { path: paths.found, ...page('found-pets/found-pets-page') },
          { path: paths.foundPet, ...page('found-pets/found-pet-page') },
          { path: paths.foundFlyer, ...page('found-pets/found-flyer-page') },
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
          { path: paths.acceptStaffInvite, ...page('account-tokens/staff-link-page', { clientOnly: true }) },
          { path: paths.resetStaffLogin, ...page('account-tokens/staff-link-page', { clientOnly: true }) },
          // Rendered on the server as the login form (the session lives in the browser, so the server never
          // sees a clinic): the first screen paints before any JavaScript, the dashboard's code comes after.
          { path: paths.dashboard, ...page('app/portal/dashboard-page') },
          // The clinic's printouts: a session lives in the browser only, so they render there.
          { path: paths.petCertificate, ...page('app/portal/printout-page', { clientOnly: true }) },
          { path: paths.visitSummary, ...page('app/portal/printout-page', { clientOnly: true }) },
          // the owner's private link: never rendered on the server or kept in a page cache
          { path: paths.sightings, ...page('sightings/sightings-page', { clientOnly: true }) },
          // the lost-and-found e-mails' private links (a finder's report, the relay, alerts): the browser only
          { path: paths.foundManage, ...page('lost-found-links/found-manage-page', { clientOnly: true }) },
          { path: paths.messages, ...page('lost-found-links/messages-page', { clientOnly: true }) },
          { path: paths.messagesConfirm, ...page('lost-found-links/messages-confirm-page', { clientOnly: true }) },
          { path: paths.alertsConfirm, ...page('lost-found-links/alerts-confirm-page', { clientOnly: true }) },
          { path: paths.alertsUnsubscribe, ...page('lost-found-links/alerts-unsubscribe-page', { clientOnly: true }) },
          // a clinic's reminder e-mail's unsubscribe link (issue 32): the browser only, like the links above
          { path: paths.unsubscribe, ...page('lost-found-links/reminders-unsubscribe-page', { clientOnly: true }) },
          // a reminder e-mail's "Book a visit" link (issue 33): the browser only, like every token page
          { path: paths.bookVisit, ...page('account-tokens/book-visit-page', { clientOnly: true }) },
        ],
      },
      // An unknown address: a friendly page in the site's frame, answered with HTTP 404 by the server.
      { path: '*', ...page('not-found/not-found-page') },
    ],
  },
];

/**
 * The page of the current address (inside a BrowserRouter, or the server renderer's StaticRouter). `matched`: the
 * routes the address matched, when the caller matched it already (the server renderer): only their branch is matched
 * again, not every route (React Router flattens and ranks the whole tree on each match, about a tenth of a first
 * render's time). The element tree is the same.
 */
export function AppRoutes({ matched }: { matched?: readonly RouteMatch[] }) {
  return useRoutes(matched ? branchOf(matched) : routes);
}

/** The one branch of the route tree that `matched` walked: each matched route with only the next as its child. */
function branchOf(matched: readonly RouteMatch[]): RouteObject[] {
  let branch: RouteObject[] | undefined;
  for (let i = matched.length - 1; i >= 0; i--) {
    const route = matched[i].route;
    branch = [route.index ? { ...route, index: true } : { ...route, index: false, children: branch }];
  }
  return branch ?? routes;
}

/**
 * Loads the modules of the routes that match an address, so that the first render (hydration in
 * the browser, the page on the server) renders the page at once, as the server did (no fallback).
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(({ route }) => (route.handle as RouteHandle | undefined)?.load?.()),
  );
}
