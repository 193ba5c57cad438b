/**
 * The fake API of web/src/testing/fake-api.ts in a vitest test: installed for the test that calls `mockApi`, the
 * real fetch back once that test finishes. Replies, helpers and types come from web/src/testing/fake-api.ts.
 */
import { onTestFinished } from "vitest";
import { type FakeApi, type FakeRoutes, installFakeApi } from "../../web/src/testing/fake-api";

export function mockApi(routes: FakeRoutes): FakeApi {
  const api = installFakeApi(routes);
  onTestFinished(() => api.restore());
  return api;
}
