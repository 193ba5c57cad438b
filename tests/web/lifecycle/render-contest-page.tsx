/**
 * A contest lifecycle page in a test: rendered at /contest/{CONTEST_ID}/{page} with the app's providers, the fake
 * API answering the contest (reviewContest) and `routes` (tests/web/mock-api.ts: the real fetch is back once the test
 * finishes).
 */
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import type { User } from "../../../codegen/types";
import type { FakeRoutes } from "../../../web/src/testing/fake-api";
import { demoUser } from "../../../web/src/testing/fixtures";
import { CONTEST_ID, reviewContest } from "../../../web/src/testing/lifecycle-fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";

/** The contest's API path. */
export const C = `/teams/current/contests/${CONTEST_ID}`;

export function renderContestPage(
  page: string,
  element: ReactElement,
  routes: FakeRoutes = {},
  { user = demoUser, path = `/contest/${CONTEST_ID}/${page}` }: { user?: User; path?: string } = {},
) {
  const api = mockApi({ [`GET ${C}`]: { body: reviewContest }, ...routes });
  render(
    <Providers user={user} path={path} route={`/contest/:contestId/${page}`}>
      {element}
    </Providers>,
  );
  return api;
}
