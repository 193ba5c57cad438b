/**
 * Leaving the open builder for another page: links inside it ask to close it first (the close-builder
 * confirmation) and navigate once it is closed; a location change from elsewhere does not leave the builder open
 * over another page.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { createMemoryRouter, RouterProvider, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { BuilderProvider, useBuilder } from "../../../web/src/builder/BuilderHost";
import ContestBuilder from "../../../web/src/builder/ContestBuilder";
import { fixtureConfig, validForm } from "../../../web/src/builder/testing/fixtures";
import { DialogProvider } from "../../../web/src/dialogs/DialogHost";
import { SessionProvider } from "../../../web/src/session/session";
import { PageErrorProvider } from "../../../web/src/shell/page-error";
import { json } from "../../../web/src/testing/fake-api";
import { demoUser } from "../../../web/src/testing/fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { FeatureStar } from "../../../web/src/widgets/FeatureStar";
import { mockApi } from "../mock-api";
import { currentPath, LocationProbe, renderShell } from "../shell/render";
import { opened, renderBuilder } from "./render";

const CLOSE_TITLE = "Close the contest builder?";

async function confirmClose(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole("dialog", { name: CLOSE_TITLE });
  await user.click(within(dialog).getByRole("button", { name: "Close without saving" }));
}

describe("links inside the builder", () => {
  it("keeps the plan star a plain link outside the builder", async () => {
    renderShell(<FeatureStar />, { path: "/team/shortlinks" });
    await userEvent.setup().click(screen.getByRole("link", { name: "Needs a higher plan: see the plans" }));
    expect(currentPath()).toBe("/team/subscription");
  });

  it("asks to close the builder before following a link, and goes to the page once it is closed", async () => {
    const { onClose } = renderBuilder({ fixture: { features: [] } });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "See the plans" }));
    expect(await screen.findByRole("dialog", { name: CLOSE_TITLE })).toBeTruthy();
    // Nothing has moved underneath yet.
    expect(currentPath()).toBe("/dashboard");
    expect(onClose).not.toHaveBeenCalled();
    await confirmClose(user);
    await waitFor(() => expect(currentPath()).toBe("/team/subscription"));
    expect(onClose).toHaveBeenCalled();
  });

  it("stays on the page and in the builder when the person cancels, and forgets the link", async () => {
    const { onClose } = renderBuilder({ fixture: { features: [] } });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "Buy one contest" }));
    const dialog = await screen.findByRole("dialog", { name: CLOSE_TITLE });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: CLOSE_TITLE })).toBeNull());
    expect(currentPath()).toBe("/dashboard");
    expect(onClose).not.toHaveBeenCalled();
    // A later plain close does not follow the forgotten link.
    fireEvent.keyDown(document, { key: "Escape" });
    await confirmClose(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(currentPath()).toBe("/dashboard");
  });

  it("sends the plan star of a gated field through the close confirmation", async () => {
    const features = fixtureConfig().team.features.filter((f) => f !== "draw.manualCheck");
    const { onClose } = renderBuilder({ fixture: { features } });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Basic information/ }));
    const field = screen
      .getByRole("switch", { name: "Manual check of the winners" })
      .closest("[data-path]") as HTMLElement;
    await user.click(within(field).getByRole("link", { name: "Needs a higher plan: see the plans" }));
    expect(currentPath()).toBe("/dashboard");
    await confirmClose(user);
    await waitFor(() => expect(currentPath()).toBe("/team/subscription"));
    expect(onClose).toHaveBeenCalled();
  });

  it("sends the link-an-account link through the close confirmation", async () => {
    renderBuilder({ fixture: { accounts: {} } });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole("button", { name: /Add a source/ })[0] as HTMLElement);
    const add = await screen.findByRole("dialog", { name: "Add a source" });
    await user.click(within(add).getByRole("button", { name: /Twitter/ }));
    await user.click(await screen.findByRole("link", { name: "Link an account" }));
    expect(currentPath()).toBe("/dashboard");
    await confirmClose(user);
    await waitFor(() => expect(currentPath()).toBe("/team/accounts"));
  });

  it("leaves the paid-contest dialog for the close confirmation when its plans link is followed", async () => {
    const basic = fixtureConfig({ features: [] });
    renderBuilder({
      origin: { kind: "draft", id: "draft-1" },
      config: basic,
      routes: {
        "GET /teams/current/contests/draft-1": json({
          _id: "draft-1",
          status: "draft",
          name: "Summer giveaway",
          cb_data: validForm(basic),
        }),
      },
    });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Create contest" }));
    const paid = await screen.findByRole("dialog", {
      name: "Your plan does not include the contest builder",
    });
    await user.click(within(paid).getByRole("link", { name: "See the plans" }));
    await confirmClose(user);
    await waitFor(() => expect(currentPath()).toBe("/team/subscription"));
  });
});

describe("a location change from outside the builder", () => {
  it("closes the builder when the page changes without a data router (no confirmation possible)", async () => {
    mockApi({ "GET /teams/current/contest-builder/config": { body: fixtureConfig() } });
    let onCloseCalls = 0;
    function Elsewhere() {
      const navigate = useNavigate();
      return (
        <button type="button" data-testid="elsewhere" onClick={() => void navigate("/team/")}>
          elsewhere
        </button>
      );
    }
    render(
      <Providers
        path="/dashboard"
        outside={
          <>
            <LocationProbe />
            <Elsewhere />
          </>
        }
      >
        <ContestBuilder origin={{ kind: "new" }} onClose={() => onCloseCalls++} />
      </Providers>,
    );
    await opened();
    fireEvent.click(screen.getByTestId("elsewhere"));
    await waitFor(() => expect(onCloseCalls).toBe(1));
    expect(currentPath()).toBe("/team/");
  });

  it("waits for the close confirmation when the browser goes back (the app's data router)", async () => {
    mockApi({
      "GET /teams/current/contest-builder/config": { body: fixtureConfig() },
      "GET /teams/current/contests/list": { body: { data: [] } },
      "GET /teams/current/templates/list": { body: { data: [] } },
    });
    function OpenBuilder() {
      const builder = useBuilder();
      // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, on the first render
      useEffect(() => builder.open(), []);
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: "*",
          element: (
            <SessionProvider initial={demoUser}>
              <PageErrorProvider>
                <DialogProvider>
                  <BuilderProvider>
                    <OpenBuilder />
                    <LocationProbe />
                  </BuilderProvider>
                </DialogProvider>
              </PageErrorProvider>
            </SessionProvider>
          ),
        },
      ],
      { initialEntries: ["/dashboard", "/contests/"], initialIndex: 1 },
    );
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    await opened();
    const user = userEvent.setup();
    // Let the guard register with the router (its second render).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole("dialog", { name: CLOSE_TITLE });
    expect(currentPath()).toBe("/contests/");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: CLOSE_TITLE })).toBeNull());
    expect(currentPath()).toBe("/contests/");
    expect(document.querySelector(".builder-sidebar")).toBeTruthy();

    await act(() => router.navigate(-1));
    await confirmClose(user);
    await waitFor(() => expect(currentPath()).toBe("/dashboard"));
    await waitFor(() => expect(document.querySelector(".builder")).toBeNull());
  });
});
