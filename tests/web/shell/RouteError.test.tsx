import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import {
  CHUNK_RELOAD_EVERY_MS,
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  RouteError,
  reloadForChunk,
} from "../../../web/src/shell/RouteError";

beforeAll(() => activateLocale("en"));
beforeEach(() => sessionStorage.clear());

describe("reloadForChunk", () => {
  it("reloads at most once a minute", () => {
    const reload = vi.fn();
    const t0 = 1_000_000;
    expect(reloadForChunk(sessionStorage, t0, reload)).toBe(true);
    expect(reloadForChunk(sessionStorage, t0 + CHUNK_RELOAD_EVERY_MS - 1, reload)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    expect(reloadForChunk(sessionStorage, t0 + CHUNK_RELOAD_EVERY_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(t0 + CHUNK_RELOAD_EVERY_MS));
    expect(CHUNK_RELOAD_EVERY_MS).toBe(60_000);
  });
});

describe("isChunkLoadError", () => {
  it.each([
    ["Failed to fetch dynamically imported module: /assets/x.js", true],
    ["Importing a module script failed.", true],
    ["error loading dynamically imported module", true],
    ["Cannot read properties of undefined", false],
  ])("%s → %s", (message, expected) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });
});

describe("RouteError", () => {
  function renderThrowing(error: unknown) {
    // A failing route module or loader: what a chunk missing after a deploy looks like to the router.
    const router = createMemoryRouter([
      {
        path: "/",
        loader: () => {
          throw error;
        },
        element: <p>Never</p>,
        errorElement: <RouteError />,
        HydrateFallback: () => null,
      },
    ]);
    return render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
  }

  it("shows the 500 page for an error that is not a missing chunk", async () => {
    const { container } = renderThrowing(new Error("kaput"));
    await screen.findByRole("heading", { level: 1 });
    expect(container.querySelector("[data-status]")?.getAttribute("data-status")).toBe("500");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something went wrong");
  });

  it("shows the 500 page rather than reloading again within a minute of the last reload", async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const { container } = renderThrowing(new TypeError("Failed to fetch dynamically imported module: /a.js"));
    await screen.findByRole("heading", { level: 1 });
    expect(container.querySelector("[data-status]")?.getAttribute("data-status")).toBe("500");
  });
});
