/**
 * Every route of app-shell.md §2. Each page is its own chunk (a module whose default export is the page); a chunk
 * that fails to load reloads the app, at most once a minute (RouteError). The signed-in layout is a chunk too: a
 * public page (login, verify) does not download its menus, bell and dialogs, and the router fetches it beside the
 * page's chunk.
 */
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { ErrorPage } from "./pages/ErrorPage";
import { Root } from "./Root";
import { RequireAdmin, RequirePermission, RequireSession } from "./shell/guards";
import { RouteError } from "./shell/RouteError";

type PageModule = { default: ComponentType };

/** A lazily loaded page. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

/**
 * What shows while the first page's modules (the layout's and the page's chunks) arrive: nothing, as before. Said
 * outright, the router stops warning on every load that none was given; the page itself still renders once.
 */
function FirstLoad() {
  return null;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    HydrateFallback: FirstLoad,
    children: [
      // Public: no session needed (app-shell.md §2: invite, registration, login, custom; and the draw's proof).
      { path: "/login", ...page(() => import("./pages/auth/LoginPage")) },
      { path: "/registration", ...page(() => import("./pages/auth/RegistrationPage")) },
      { path: "/invite/:key?", ...page(() => import("./pages/auth/InvitePage")) },
      { path: "/custom/:brand", ...page(() => import("./pages/custom/CustomPage")) },
      { path: "/verify/method", ...page(() => import("./pages/verify/VerifyMethodPage")) },
      { path: "/verify/:contestId/winners", ...page(() => import("./pages/verify/VerifyWinnersPage")) },
      { path: "/verify/:contestId", ...page(() => import("./pages/verify/VerifyPage")) },
      { path: "/logout", ...page(() => import("./pages/auth/LogoutPage")) },
      {
        element: <RequireSession />,
        children: [
          { path: "/welcome", ...page(() => import("./pages/WelcomePage")) },
          {
            lazy: async () => ({ Component: (await import("./layout/AppLayout")).AppLayout }),
            children: [
              { path: "/", ...page(() => import("./pages/dashboard/DashboardPage")) },
              { path: "/components", ...page(() => import("./pages/ComponentsPage")) },
              { path: "/link", ...page(() => import("./pages/LinkPage")) },
              { path: "/checkout-session/*", ...page(() => import("./pages/checkout/CheckoutPage")) },
              { path: "/contests/check", ...page(() => import("./pages/contests/CheckPage")) },
              {
                element: <RequirePermission permission="team.contests.view_contests" />,
                children: [
                  { path: "/contests", ...page(() => import("./pages/contests/ContestsPage")) },
                  { path: "/contests/create", ...page(() => import("./pages/contests/CreatePage")) },
                  { path: "/contests/quickdraw", ...page(() => import("./pages/contests/QuickdrawPage")) },
                ],
              },
              {
                path: "/contest/:contestId",
                element: <RequirePermission permission="team.contests.view_contests" />,
                children: [
                  { index: true, ...page(() => import("./pages/contest/ContestOverviewPage")) },
                  { path: "entries", ...page(() => import("./pages/contest/ContestEntriesPage")) },
                  { path: "statistics", ...page(() => import("./pages/contest/ContestStatisticsPage")) },
                  { path: "drawing", ...page(() => import("./pages/contest/ContestDrawingPage")) },
                  { path: "settings", ...page(() => import("./pages/contest/ContestSettingsPage")) },
                  ...(import.meta.env.PROD
                    ? []
                    : [{ path: "publish", ...page(() => import("./pages/contest/ContestPublishPage")) }]),
                ],
              },
              { path: "/team", ...page(() => import("./pages/team/TeamOverviewPage")) },
              { path: "/team/accounts", ...page(() => import("./pages/team/TeamAccountsPage")) },
              { path: "/team/members", ...page(() => import("./pages/team/TeamMembersPage")) },
              { path: "/team/invites", ...page(() => import("./pages/team/TeamInvitesPage")) },
              { path: "/team/shortlinks", ...page(() => import("./pages/team/TeamShortlinksPage")) },
              { path: "/team/shortlinks/:key", ...page(() => import("./pages/team/ShortlinkPage")) },
              { path: "/team/activity", ...page(() => import("./pages/team/TeamActivityPage")) },
              { path: "/team/subscription", ...page(() => import("./pages/team/TeamSubscriptionPage")) },
              { path: "/team/billing", ...page(() => import("./pages/team/TeamBillingPage")) },
              { path: "/team/settings", ...page(() => import("./pages/team/TeamSettingsPage")) },
              { path: "/team/one-shot/:contestId?", ...page(() => import("./pages/team/OneShotPage")) },
              { path: "/me/teams", ...page(() => import("./pages/me/MyTeamsPage")) },
              { path: "/me/delegation", ...page(() => import("./pages/me/MyDelegationPage")) },
              { path: "/me/contests", ...page(() => import("./pages/me/MyContestsPage")) },
              { path: "/me/activity", ...page(() => import("./pages/me/MyActivityPage")) },
              { path: "/me/settings", ...page(() => import("./pages/me/MySettingsPage")) },
              {
                path: "/admin",
                element: <RequireAdmin />,
                children: [
                  { index: true, ...page(() => import("./pages/admin/AdminPage")) },
                  { path: "contests", ...page(() => import("./pages/admin/AdminContestsPage")) },
                  { path: "stats", ...page(() => import("./pages/admin/AdminStatsPage")) },
                  { path: "users", ...page(() => import("./pages/admin/AdminUsersPage")) },
                ],
              },
              { path: "*", element: <ErrorPage status={404} /> },
            ],
          },
        ],
      },
    ],
  },
];
