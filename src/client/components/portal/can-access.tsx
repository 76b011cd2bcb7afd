import type { ReactNode } from 'react';
import type { PortalAction } from '#shared/staff-roles';
import { canAct, usePortalState } from '#client/api/portal-session';

/**
 * Whether the portal's acting person may do `action` (issue 31): the UI asks the one table
 * (src/shared/staff-roles.ts) that the server enforces, and hides what a role cannot do; the server refuses it anyway.
 */
export function useCan(action: PortalAction): boolean {
  return canAct(usePortalState(), action);
}

/** Its children only for a person who may do `action` (react-admin's CanAccess), else `fallback`. */
export function CanAccess({
  action,
  children,
  fallback = null,
}: {
  action: PortalAction;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan(action) ? children : fallback;
}
