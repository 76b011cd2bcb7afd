import { matchRoutes, type NonIndexRouteObject, type RouteMatch, type RouteObject } from 'react-router-dom';

/**
 * Route matching for the server renderer, its work done once. React Router's matchRoutes flattens the whole route
 * tree, scores every route and compiles each path to a regular expression on every call (about 5 % of a first
 * render's thread). An address can only match the routes whose path starts with its first segment, or with a
 * parameter or a splat: the tree is cut once per first segment into the routes that can match it, and an address is
 * matched by React Router against that small tree only. Same answer: the routes left out could never match, and
 * the order of those left is React Router's own ranking. Server-only: the browser matches the whole tree.
 */
export function routeMatcher(routes: RouteObject[]): (pathname: string) => RouteMatch[] | null {
  const leaves: { route: RouteObject; first: string | typeof ANY }[] = [];
  const collect = (list: RouteObject[], parentPath: string) => {
    for (const route of list) {
      const path = fullPath(parentPath, route.path);
      if (route.path !== undefined || route.index) leaves.push({ route, first: firstSegment(path, route) });
      if (route.children) collect(route.children, path);
    }
  };
  collect(routes, '');
  const canMatch = (segment: string | typeof ANY) => {
    const kept = new Set(leaves.filter((l) => l.first === ANY || l.first === segment).map((l) => l.route));
    return cut(routes, kept);
  };
  const bySegment = new Map<string, RouteObject[]>();
  for (const { first } of leaves) if (first !== ANY && !bySegment.has(first)) bySegment.set(first, canMatch(first));
  const anyOther = canMatch(ANY);
  return (pathname) => matchRoutes(bySegment.get(addressSegment(pathname)) ?? anyOther, pathname);
}

/** A route path's first segment that matches whatever an address has there: a parameter, a splat, an optional one. */
const ANY = Symbol('any first segment');

function fullPath(parentPath: string, path: string | undefined): string {
  if (path === undefined || path === '') return parentPath;
  return path.startsWith('/') ? path : `${parentPath.replace(/\/$/, '')}/${path}`;
}

/** What a route's full path needs in an address's first segment (lower case: React Router matches ignoring case). */
function firstSegment(path: string, route: RouteObject): string | typeof ANY {
  const segment = path.split('/').find((s) => s !== '') ?? '';
  if (route.caseSensitive || segment.startsWith(':') || segment.includes('*') || segment.endsWith('?')) return ANY;
  return segment.toLowerCase();
}

function addressSegment(pathname: string): string {
  const segment = pathname.split('/').find((s) => s !== '') ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** The tree with only the routes in `kept` and the layouts above them (the layouts as copies with fewer children). */
function cut(routes: RouteObject[], kept: Set<RouteObject>): RouteObject[] {
  const result: RouteObject[] = [];
  for (const route of routes) {
    const children = route.children ? cut(route.children, kept) : [];
    // a route with children is never an index route
    if (children.length > 0) result.push({ ...(route as NonIndexRouteObject), children });
    else if (kept.has(route)) result.push(route);
  }
  return result;
}
