import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { accessRedirect, type RouteRule } from '../../shared/routing';
import { useUser } from '../../shared/session';

/** Renders the screen if the visitor may open it, otherwise redirects (DESIGN §4). */
export function RouteGuard({ rule, children }: { rule: RouteRule; children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  const redirect = accessRedirect(rule, user);
  if (redirect && redirect !== location.pathname) {
    // `from` lets a sign-in screen return the visitor to where they were going.
    return <Navigate replace to={redirect} state={{ from: location.pathname }} />;
  }
  return children;
}
