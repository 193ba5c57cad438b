/**
 * A contest lifecycle page in a test: rendered at /contest/{CONTEST_ID}/{page} with the app's providers, the fake
 * API answering the contest (reviewContest) and `routes`; the real fetch is back once the test finishes.
 */
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { onTestFinished } from "vitest";
import type { User } from "../../../codegen/types";
import { type FakeHandler, installFakeApi } from "../../../web/src/testing/fake-fetch";
import { demoUser } from "../../../web/src/testing/fixtures";
import { CONTEST_ID, reviewContest } from "../../../web/src/testing/lifecycle-fixtures";
import { Providers } from "../../../web/src/testing/Providers";

/** The contest's API path. */
export const C = `/api/v1/teams/current/contests/${CONTEST_ID}`;

export function renderContestPage(
  page: string,
  element: ReactElement,
  routes: Record<string, FakeHandler> = {},
  { user = demoUser, path = `/contest/${CONTEST_ID}/${page}` }: { user?: User; path?: string } = {},
) {
  const api = installFakeApi({ [`GET ${C}`]: () => ({ body: reviewContest }), ...routes });
  onTestFinished(api.restore);
  render(
    <Providers user={user} path={path} route={`/contest/:contestId/${page}`}>
      {element}
    </Providers>,
  );
  return api;
}
