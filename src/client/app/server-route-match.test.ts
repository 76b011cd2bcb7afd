// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router-dom';
import { routes } from '#client/app/router';
import { paths } from '#shared/page-routes';
import { routeMatcher } from '#client/app/server-route-match';

/** What a match decides: each matched route (its path, index flag and handle), its params and pathnames. */
const decided = (matches: RouteMatch[] | null) =>
  matches?.map((m) => ({
    path: m.route.path,
    index: m.route.index,
    handle: m.route.handle as unknown,
    element: m.route.element,
    params: m.params,
    pathname: m.pathname,
    pathnameBase: m.pathnameBase,
  })) ?? null;

/** Every route's path with its parameters filled, in several spellings, and addresses no route names. */
function addresses(): string[] {
  const filled = Object.values(paths).map((p) => p.replace(/:[A-Za-z]+/g, 'X12'));
  const spelled = filled.flatMap((p) => [p, `${p}/`, p.toLowerCase(), p.toUpperCase(), `${p}/extra`, `${p}//`]);
  return [
    ...spelled,
    '/',
    '',
    '//',
    '/nowhere',
    '/found/manage',
    '/found/12/flyer',
    '/found/12/flyer/more',
    '/pet-vet/%41bc',
    '/%70et-vet/1',
    '/%E0%A4',
    '/Pets/Details/ABC',
    '/Dashboard/Pets/7/Certificate',
    '/dashboard/visits/7/summary',
  ];
}

describe('routeMatcher', () => {
  it('matches every address as React Router does over the whole tree', () => {
    const match = routeMatcher(routes);
    for (const address of addresses())
      expect(decided(match(address)), address).toEqual(decided(matchRoutes(routes, address)));
  });

  it('keeps the ranking of routes a first segment shares with a parameter route', () => {
    const tree: RouteObject[] = [
      {
        path: '/',
        children: [
          { path: ':kind', handle: 'param' },
          { path: 'lost', handle: 'static' },
          { path: 'lost/:id', handle: 'static id' },
          { path: '*', handle: 'splat' },
          { index: true, handle: 'index' },
        ],
      },
    ];
    const match = routeMatcher(tree);
    for (const address of ['/', '/lost', '/LOST', '/lost/3', '/other', '/other/3', '/a/b/c'])
      expect(decided(match(address)), address).toEqual(decided(matchRoutes(tree, address)));
  });
});
