/**
 * Route guards (app-shell.md §2 "Route guards"): no session → /login (the public pages are outside this guard);
 * /admin needs grade admin (403); contest pages need team.contests.view_contests (403); a frozen team gets 402 on
 * any /contest, /contests or /team path except /contests/check and /team/billing.
 */
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { ErrorPage } from "../pages/ErrorPage";
import { useSession } from "../session/session";

export function SessionLoading() {
  return (
    <div className="page-loading" role="status">
      <Trans>Loading…</Trans>
    </div>
  );
}

export function RequireSession({ children }: { children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === "loading") return <SessionLoading />;
  if (session.status === "anonymous") {
    const next = location.pathname + location.search;
    return <Navigate to={next === "/" ? "/login" : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return children ?? <Outlet />;
}

export function RequireAdmin() {
  const session = useSession();
  if (session.user?.grade !== "admin") return <ErrorPage status={403} />;
  return <Outlet />;
}

export function RequirePermission({ permission }: { permission: string }) {
  const session = useSession();
  if (!session.can(permission)) return <ErrorPage status={403} details={permission} />;
  return <Outlet />;
}

const FROZEN_EXEMPT = ["/contests/check", "/team/billing"];

/** Whether a frozen team is refused this path (402). */
export function frozenBlocks(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (FROZEN_EXEMPT.includes(path)) return false;
  return /^\/(contest|contests|team)(\/|$)/.test(path);
}

export function FrozenGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const frozen = session.user?.currentTeam.frozen;
  if (frozen && frozenBlocks(location.pathname)) {
    return <ErrorPage status={402} frozenUntil={frozen.limit_date} />;
  }
  return children;
}
