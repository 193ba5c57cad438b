/**
 * The signed-in cookie (web/src/session/signed-in.ts): without it the session starts signed out and asks the API
 * nothing (no 401 in the console of a public page); with it, the user is asked for, and a refusal clears it.
 */
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { prefetchUser, SessionProvider, useSession } from "../../../web/src/session/session";
import { forgetSignedIn, mayBeSignedIn, SIGNED_IN_COOKIE } from "../../../web/src/session/signed-in";
import { error, json } from "../../../web/src/testing/fake-api";
import { demoUser } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { holdSession } from "./hold-session";

function Who() {
  const session = useSession();
  return <p>{session.status === "ready" ? session.user.name : session.status}</p>;
}

afterEach(() => forgetSignedIn());

describe("the signed-in cookie", () => {
  it("is read among the page's other cookies, and not from a cookie that only starts with its name", () => {
    expect(mayBeSignedIn(`locale=fr; ${SIGNED_IN_COOKIE}=1`)).toBe(true);
    expect(mayBeSignedIn(`${SIGNED_IN_COOKIE}x=1; locale=fr`)).toBe(false);
    expect(mayBeSignedIn("")).toBe(false);
  });

  it("absent, the session starts signed out and neither the prefetch nor the provider asks for the user", async () => {
    const api = mockApi({ "GET /users/me": json(demoUser) });
    prefetchUser();
    render(
      <SessionProvider>
        <Who />
      </SessionProvider>,
    );
    expect(screen.getByText("anonymous")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.to("GET /users/me")).toHaveLength(0);
  });

  it("present, the user is asked for and the session is ready", async () => {
    holdSession();
    const api = mockApi({ "GET /users/me": json(demoUser), "GET /refresh_csrf": json({ csrf_token: "t" }) });
    render(
      <SessionProvider>
        <Who />
      </SessionProvider>,
    );
    expect(await screen.findByText(demoUser.name)).toBeTruthy();
    expect(api.to("GET /users/me")).toHaveLength(1);
    expect(mayBeSignedIn()).toBe(true);
  });

  it("present but refused (the session ended on the server), it is cleared and the session is signed out", async () => {
    holdSession();
    mockApi({ "GET /users/me": error(401, "unauthenticated", "Sign in.") });
    render(
      <SessionProvider>
        <Who />
      </SessionProvider>,
    );
    expect(await screen.findByText("anonymous")).toBeTruthy();
    await waitFor(() => expect(mayBeSignedIn()).toBe(false));
  });
});
