/**
 * The signed-in layout (app-shell.md §2 "Layout"): header (logo, sliding main menu, team name → /team/, user
 * name → /me/settings, avatar menu, notification bell), the section's sub-menu, the basic-plan banner, the page,
 * and the mobile bottom bar. A 403 from a call replaces the page with the error page; a frozen team gets 402.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, Outlet, useLocation } from "react-router";
import { Logo } from "../components/Logo";
import { ErrorPage } from "../pages/ErrorPage";
import { useUser } from "../session/session";
import { FrozenGuard } from "../shell/guards";
import { usePageError } from "../shell/page-error";
import { AvatarMenu } from "./AvatarMenu";
import { Menu } from "./Menu";
import { BOTTOM_BAR, MAIN_MENU, subMenuFor } from "./menus";
import { NotificationBell } from "./NotificationBell";

/** The banner shows to brand users of a team on the basic plan. */
export function showsPlanBanner(plan: string, userType: string): boolean {
  return plan === "basic" && userType === "brand";
}

export function AppLayout() {
  const { t } = useLingui();
  const user = useUser();
  const location = useLocation();
  const { error } = usePageError();
  const sub = subMenuFor(location.pathname, !import.meta.env.PROD);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="app-header">
        <Logo />
        <Menu items={MAIN_MENU} label={t`Main menu`} className="main-menu" />
        <div className="header-end">
          <Link to="/team/" className="team-name">
            {user.currentTeam.name}
          </Link>
          <Link to="/me/settings" className="user-name">
            {user.name}
          </Link>
          <NotificationBell />
          <AvatarMenu />
        </div>
      </header>
      {showsPlanBanner(user.currentTeam.plan, user.type) && (
        <p className="plan-banner">
          <Trans>
            Your team is on the free plan. <Link to="/team/subscription">See what a plan unlocks</Link>
          </Trans>
        </p>
      )}
      {sub && <Menu items={sub} label={t`Section menu`} className="sub-menu" />}
      <main id="main" tabIndex={-1}>
        {error ? (
          <ErrorPage status={error.status} details={error.details} />
        ) : (
          <FrozenGuard>
            <Outlet />
          </FrozenGuard>
        )}
      </main>
      <Menu items={BOTTOM_BAR} label={t`Quick menu`} className="bottom-bar" />
    </div>
  );
}
