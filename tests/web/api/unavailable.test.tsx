/**
 * A call answered 503 databaseUnavailable (web/src/api/unavailable.ts, through web/src/api/client.ts): sent again
 * after Retry-After while the page says "temporarily unavailable, retrying" (UnavailableNotice), then answered as
 * if nothing happened; another 503 (a social network's) goes to the page at once, as before.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api, unwrap } from "../../../web/src/api/client";
import { UnavailableNotice } from "../../../web/src/api/UnavailableNotice";
import { activateLocale } from "../../../web/src/i18n/activate";

beforeAll(() => activateLocale("en"));

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const unavailable = () =>
  answer(
    503,
    { error: "databaseUnavailable", message: "The service is temporarily unavailable.", uid: "a1" },
    { "Retry-After": "1" },
  );

describe("a call the server answers with 503 databaseUnavailable", () => {
  it("is sent again after Retry-After, the page saying it retries meanwhile, and answers what the server then says", async () => {
    const replies = [unavailable(), unavailable(), answer(200, { data: [] })];
    const times: number[] = [];
    const sent = vi.fn(async () => {
      times.push(Date.now());
      return replies.shift() ?? answer(500, {});
    });
    vi.stubGlobal("fetch", sent);
    render(
      <I18nProvider i18n={i18n}>
        <UnavailableNotice />
      </I18nProvider>,
    );
    expect(screen.queryByText(/temporarily unavailable/)).toBeNull();
    const call = unwrap(api.users.me.$get());
    await vi.waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "The service is temporarily unavailable. Retrying…",
      ),
    );
    expect(await call).toEqual({ data: [] });
    expect(sent).toHaveBeenCalledTimes(3);
    // Each time after the Retry-After it was given (1 s), less a timer's slack.
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    expect(gaps.every((gap) => gap >= 990)).toBe(true);
    await vi.waitFor(() => expect(screen.queryByText(/temporarily unavailable/)).toBeNull());
  }, 10_000);

  it("leaves any other 503 to the page at once", async () => {
    const sent = vi.fn(async () =>
      answer(503, { error: "networkUnavailable", message: "The network did not answer.", uid: "b2" }),
    );
    vi.stubGlobal("fetch", sent);
    await expect(unwrap(api.users.me.$get())).rejects.toMatchObject({
      status: 503,
      key: "networkUnavailable",
    });
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
