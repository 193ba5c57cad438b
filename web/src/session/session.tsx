/**
 * Who is signed in (app-shell.md §4 "Fetching the user"): GET /users/me answers the user; one with deleted_at goes
 * to /login, a 4xx clears the user (→ /login), any other failure retries after 1 s. The user carries the current
 * team, its features and the person's effective permissions, so every guard and star reads from here.
 */
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { User } from "../../../codegen/types";
import { api, CSRF_REFRESH_MS, clearCsrf, refreshCsrf, unwrap, wantCsrf } from "../api/client";
import { ApiError } from "../api/errors";
import { forgetSignedIn, mayBeSignedIn } from "./signed-in";

export type SessionState =
  | { status: "loading"; user: null }
  | { status: "anonymous"; user: null }
  | { status: "ready"; user: User };

export type Session = SessionState & {
  /** Reloads the user (after a switch of team, a realtime refresh_user, a change of settings). */
  refresh(): Promise<void>;
  /** Takes a user the API already answered (sign-in, settings saved) without another call. */
  setUser(user: User | null): void;
  /** app-shell.md §6: a check may list several space-separated permissions and passes if any is held. */
  can(permissions: string): boolean;
  /** team_features.{name}: the current team's plan holds the feature. */
  hasFeature(feature: string): boolean;
};

const SessionContext = createContext<Session | null>(null);

export const USER_RETRY_MS = 1000;

/**
 * The API answers the stored User shape (tests/api check every answer against schemas/stored/user.schema.json);
 * Hono's inferred type is looser (locale as string), so the one cast lives here.
 */
export function asUser(body: unknown): User {
  return body as User;
}

export function userCan(user: User | null, permissions: string): boolean {
  if (!user) return false;
  return permissions
    .split(/\s+/)
    .filter(Boolean)
    .some((p) => user.permissions[p] === true);
}

export function userHasFeature(user: User | null, feature: string): boolean {
  return user?.currentTeam.features.includes(feature) ?? false;
}

let early: ReturnType<typeof api.users.me.$get> | undefined;

/**
 * Asks for the user before the app first renders (main.tsx, while the language's messages load), so the answer is
 * there when the session starts: one round trip off the first paint on a slow network. The first refresh takes it.
 * A browser without the signed-in cookie is not asked for (signed-in.ts).
 */
export function prefetchUser(): void {
  if (mayBeSignedIn()) early ??= api.users.me.$get();
}

/** Without a user given (tests, stories), a browser that holds no session starts signed out, with no call. */
function firstState(initial: User | null | undefined): SessionState {
  if (initial === undefined)
    return mayBeSignedIn() ? { status: "loading", user: null } : { status: "anonymous", user: null };
  return initial ? { status: "ready", user: initial } : { status: "anonymous", user: null };
}

export function SessionProvider({ children, initial }: { children: ReactNode; initial?: User | null }) {
  const [state, setState] = useState<SessionState>(() => firstState(initial));
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(async (): Promise<void> => {
    clearTimeout(retry.current);
    try {
      // The user first, then the CSRF token: asked in parallel, a signed-out visitor would also get a 401 for the
      // token (a console error on every public page).
      const call = early ?? api.users.me.$get();
      early = undefined;
      const user = asUser(await unwrap(call));
      if (user.deleted_at) {
        clearCsrf();
        forgetSignedIn();
        setState({ status: "anonymous", user: null });
        return;
      }
      setState({ status: "ready", user });
      // Reading needs no token: the first state-changing call fetches it and waits for it (client.ts). Should
      // that fail, the call fetches it again when the server refuses it.
      wantCsrf();
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        clearCsrf();
        forgetSignedIn();
        setState({ status: "anonymous", user: null });
        return;
      }
      retry.current = setTimeout(() => void refresh(), USER_RETRY_MS);
    }
  }, []);

  useEffect(() => {
    if (initial === undefined && mayBeSignedIn()) void refresh();
    return () => clearTimeout(retry.current);
  }, [initial, refresh]);

  const signedIn = state.status === "ready";
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => void refreshCsrf().catch(() => undefined), CSRF_REFRESH_MS);
    return () => clearInterval(timer);
  }, [signedIn]);

  const setUser = useCallback((user: User | null) => {
    if (user) wantCsrf();
    setState(user ? { status: "ready", user } : { status: "anonymous", user: null });
  }, []);

  const value = useMemo<Session>(
    () => ({
      ...state,
      refresh,
      setUser,
      can: (p) => userCan(state.user, p),
      hasFeature: (f) => userHasFeature(state.user, f),
    }),
    [state, refresh, setUser],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error("useSession outside <SessionProvider>");
  return session;
}

/** The signed-in user; only for components under the signed-in layout. */
export function useUser(): User {
  const session = useSession();
  if (session.status !== "ready") throw new Error("useUser without a signed-in user");
  return session.user;
}
