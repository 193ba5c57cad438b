/**
 * Renders the contest builder in jsdom against the fake API (tests/web/mock-api.ts): the builder config is a
 * fixture built from schemas/ (web/src/builder/testing/fixtures.ts), other calls answer what the test gives.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import type { ProfilerOnRenderCallback } from "react";
import { beforeAll, expect, vi } from "vitest";
import type { User } from "../../../codegen/types";
import type { Origin } from "../../../engine/builder/origin";
import type { ServedConfig } from "../../../web/src/builder/api";
import ContestBuilder from "../../../web/src/builder/ContestBuilder";
import { BuilderProfilerContext } from "../../../web/src/builder/context";
import { type FixtureOptions, fixtureConfig } from "../../../web/src/builder/testing/fixtures";
import { activateLocale } from "../../../web/src/i18n/activate";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";
import { LocationProbe } from "../shell/render";

beforeAll(async () => {
  await activateLocale("en");
  // The machine and the forms are a chunk ContestBuilder fetches when it opens: loaded here once, so that the
  // first test's waits are not spent compiling it.
  await import("../../../web/src/builder/BuilderSession");
});

type Routes = Parameters<typeof mockApi>[0];

export function renderBuilder(
  options: {
    origin?: Origin;
    config?: ServedConfig;
    fixture?: FixtureOptions;
    routes?: Routes;
    user?: User;
    path?: string;
    onRender?: ProfilerOnRenderCallback;
  } = {},
) {
  const config = options.config ?? fixtureConfig(options.fixture);
  const api = mockApi({
    "GET /teams/current/contest-builder/config": { body: config },
    "GET /teams/current/contests/list": { body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } },
    "GET /teams/current/templates/list": { body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } },
    ...options.routes,
  });
  const onClose = vi.fn();
  const ui = (
    <BuilderProfilerContext value={options.onRender ?? null}>
      <ContestBuilder origin={options.origin ?? { kind: "new" }} onClose={onClose} />
    </BuilderProfilerContext>
  );
  const view = render(
    <Providers user={options.user} path={options.path ?? "/dashboard"} outside={<LocationProbe />}>
      {ui}
    </Providers>,
  );
  return { ...view, api, onClose, config };
}

/** Waits until the builder is open on its first pane. */
export async function opened() {
  // By its class: the builder's words depend on the language the test runs in.
  await waitFor(() => expect(document.querySelector(".builder-sidebar")).toBeTruthy());
}

/** Opens basic information from the sidebar. */
export async function goTo(name: string) {
  const { default: userEvent } = await import("@testing-library/user-event");
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: new RegExp(name) }));
}

/** The sidebar's entry of a pane by its name (its accessible name starts with its state). */
export function sidebarEntry(name: string): HTMLElement {
  const nav = screen.getByRole("navigation", { name: "Builder steps" });
  const found = within(nav)
    .getAllByRole("button")
    .find((b) => b.textContent?.replace(/^[^A-Za-z+]+/, "") === name);
  if (!found) throw new Error(`No sidebar entry ${name}`);
  return found;
}
