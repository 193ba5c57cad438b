/**
 * main.tsx asks for the user while the language's messages load (prefetchUser): the session's first refresh takes
 * that answer instead of asking again, so the first paint waits for one round trip fewer.
 */
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { prefetchUser, SessionProvider, useSession } from "../../../web/src/session/session";
import { json } from "../../../web/src/testing/fake-api";
import { demoUser } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { holdSession } from "../session/hold-session";

function Who() {
  const session = useSession();
  return <p>{session.status === "ready" ? session.user.name : session.status}</p>;
}

describe("the user asked for before the first render", () => {
  it("is the session's first answer: users/me is asked once", async () => {
    // A browser that holds a session (the signed-in cookie beside it; signed-in.test.tsx: without it, no call).
    holdSession();
    const api = mockApi({
      "GET /users/me": json(demoUser),
      "GET /refresh_csrf": json({ csrf_token: "t" }),
    });
    prefetchUser();
    // Asked before anything renders.
    await waitFor(() => expect(api.to("GET /users/me")).toHaveLength(1));
    render(
      <SessionProvider>
        <Who />
      </SessionProvider>,
    );
    expect(await screen.findByText(demoUser.name)).toBeTruthy();
    expect(api.to("GET /users/me")).toHaveLength(1);
  });
});
