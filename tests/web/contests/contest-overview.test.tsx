import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ContestData } from "../../../web/src/contest/types";
import { activateLocale } from "../../../web/src/i18n/activate";
import ContestOverviewPage from "../../../web/src/pages/contest/ContestOverviewPage";
import ContestSettingsPage from "../../../web/src/pages/contest/ContestSettingsPage";
import { contestFixture, contests } from "../../../web/src/testing/contest-fixtures";
import type { FakeCall } from "../../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";

vi.mock("../../../web/src/builder/ContestBuilder", () => ({
  default: ({ origin }: { origin: { kind: string; id?: string } }) => (
    <p>
      builder {origin.kind} {origin.id ?? ""}
    </p>
  ),
}));

beforeAll(() => activateLocale("en"));

type ShowOptions = { user?: typeof demoUser; page?: "overview" | "settings"; at?: string };

/** Renders a contest page at /contest/{at}/ (the contest's own id unless said) with the API answering it. */
function show(
  contest: ContestData,
  { user = demoUser, page = "overview", at = contest._id }: ShowOptions = {},
) {
  const api = mockApi({
    "GET /teams/current/contests/:id": ({ params }: FakeCall) =>
      params.id === contest._id
        ? { body: contest }
        : { status: 404, body: { error: "notFound", message: "This contest does not exist." } },
    "POST /teams/current/contests/:id/load_entries": () => ({ body: { loaded: 42 } }),
  });
  render(
    <Providers
      user={user}
      path={`/contest/${at}/${page === "settings" ? "settings" : ""}`}
      route="/contest/:contestId/*"
    >
      {page === "settings" ? <ContestSettingsPage /> : <ContestOverviewPage />}
    </Providers>,
  );
  return api;
}

describe("contest overview page", () => {
  it("heads the page with the contest's name, badges and sandbox label", async () => {
    show({ ...contests.startedClassic, prev_id: "p1", next_id: "n1" });
    expect(await screen.findByRole("heading", { level: 1, name: "Imported post" })).toBeTruthy();
    expect(screen.getByText("Sandbox")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Previous contest/ }).getAttribute("href")).toBe("/contest/p1/");
    expect(screen.getByRole("link", { name: /Next contest/ }).getAttribute("href")).toBe("/contest/n1/");
    // The title is written by an effect, which may run just after the heading is found.
    await waitFor(() => expect(document.title).toBe("Imported post • Fairdraw"));
  });

  it("edits a planned contest in the builder with its origin", async () => {
    show(contests.planned);
    const panel = await screen.findByRole("region", { name: "What to do next" });
    fireEvent.click(within(panel).getByRole("button", { name: "Edit" }));
    expect(await screen.findByText("builder planned contest-1")).toBeTruthy();
  });

  it("refuses to edit a contest that starts within 5 minutes", async () => {
    show(contestFixture({ start_at: new Date(Date.now() + 2 * 60_000).toISOString() }));
    const panel = await screen.findByRole("region", { name: "What to do next" });
    expect((within(panel).getByRole("button", { name: "Edit" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel).getByText(/it can no longer be edited/)).toBeTruthy();
  });

  it("opens the delete dialog from the panel of a planned contest", async () => {
    show(contests.planned);
    const panel = await screen.findByRole("region", { name: "What to do next" });
    fireEvent.click(within(panel).getByRole("button", { name: "Delete" }));
    expect(screen.getByRole("dialog", { name: "Delete the contest" })).toBeTruthy();
  });

  it("hides delete without delete_contests, and edit without update_contests", async () => {
    show(contests.planned, {
      user: userWith((u) => {
        u.permissions["team.contests.delete_contests"] = false;
        u.permissions["team.contests.update_contests"] = false;
      }),
    });
    const panel = await screen.findByRole("region", { name: "What to do next" });
    expect(within(panel).queryByRole("button")).toBeNull();
  });

  it("loads a classic contest's entries and says how many came", async () => {
    const { calls } = show(contests.startedClassic);
    fireEvent.click(await screen.findByRole("button", { name: "Load entries" }));
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Load entries" })).getByRole("button", {
        name: "Load entries",
      }),
    );
    const alert = await screen.findByRole("dialog", { name: "Entries loaded" });
    expect(within(alert).getByText("42 entries loaded.")).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === "GET")).toHaveLength(2));
  });

  it("offers the merge of a classic contest with the multiContests feature", async () => {
    show(contests.startedClassic);
    fireEvent.click(await screen.findByRole("button", { name: "Merge into another contest" }));
    expect(screen.getByRole("dialog", { name: "Merge into another contest" })).toBeTruthy();
  });

  it("shows the merge with a star to a team whose plan lacks multiContests", async () => {
    show(contests.startedClassic, {
      user: userWith((u) => {
        u.currentTeam.features = u.currentTeam.features.filter((f) => f !== "multiContests");
      }),
    });
    const merge = (await screen.findByRole("button", {
      name: "Merge into another contest",
    })) as HTMLButtonElement;
    expect(merge.disabled).toBe(true);
    expect(screen.getByRole("link", { name: "Needs a higher plan: see the plans" })).toBeTruthy();
  });

  it("offers no merge for a tunnel contest", async () => {
    show(contests.startedTunnel);
    await screen.findByRole("region", { name: "What to do next" });
    expect(screen.queryByRole("button", { name: "Merge into another contest" })).toBeNull();
  });

  it("shows the contest as JSON", async () => {
    show(contests.ended);
    fireEvent.click(await screen.findByRole("button", { name: "View JSON" }));
    const dialog = screen.getByRole("dialog", { name: "Contest as JSON" });
    expect(JSON.parse(dialog.querySelector("pre")?.textContent ?? "")).toMatchObject({
      _id: "contest-1",
      status: "ended",
    });
  });

  it("shows the not-found page for a contest the team does not have", async () => {
    show(contests.planned, { at: "another" });
    expect(await screen.findByText("This contest does not exist.")).toBeTruthy();
  });
});

describe("contest settings page", () => {
  it("offers a closed classic contest not set up its setup, and the drawing beside it", async () => {
    show(contests.closedClassic, { page: "settings" });
    expect(await screen.findByText("Not set up")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit in the builder" })).toBeNull();
    expect(screen.getByRole("link", { name: "Go to the drawing" }).getAttribute("href")).toBe(
      "/contest/contest-1/drawing",
    );
    fireEvent.click(screen.getByRole("button", { name: "Set up the contest" }));
    expect(await screen.findByRole("dialog", { name: "Set up Summer giveaway" })).toBeTruthy();
  });

  it("saves a classic contest's setup, reloads the contest and says it is set up", async () => {
    let contest: ContestData = contests.closedClassic;
    const api = mockApi({
      "GET /teams/current/contests/:id": () => ({ body: contest }),
      "POST /teams/current/contests/:id/setup": ({ body }: FakeCall) => {
        contest = {
          ...contest,
          config: { ...contest.config, is_setup: true, nb_winners: 2 },
          cb_data: { base: { ...(body as object) } },
        };
        return { body: contest };
      },
    });
    render(
      <Providers path="/contest/contest-1/settings" route="/contest/:contestId/*">
        <ContestSettingsPage />
      </Providers>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Set up the contest" }));
    const dialog = await screen.findByRole("dialog", { name: "Set up Summer giveaway" });
    fireEvent.change(within(dialog).getByLabelText("Number of winners"), { target: { value: "2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save the setup" }));
    const done = await screen.findByRole("dialog", { name: "Contest set up" });
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ nb_winners: 2 });
    // The alert is modal: the page comes back to screen readers once it is closed.
    fireEvent.click(within(done).getAllByRole("button", { name: "Close" })[0] as HTMLElement);
    await waitFor(() => expect(screen.getByText("Set up")).toBeTruthy());
    expect(screen.getByRole("heading", { name: "Entry verification" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Change the setup" })).toBeTruthy();
  });

  it("tells a member without update_contests that they may not set the contest up", async () => {
    const user = userWith((u) => {
      u.permissions["team.contests.update_contests"] = false;
    });
    show(contests.closedClassic, { page: "settings", user });
    expect(await screen.findByText("You don't have the permission to set up this contest.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Set up the contest" })).toBeNull();
  });

  it("opens a planned contest in the builder to change its settings", async () => {
    show(contests.planned, { page: "settings" });
    fireEvent.click(await screen.findByRole("button", { name: "Edit in the builder" }));
    expect(await screen.findByText("builder planned contest-1")).toBeTruthy();
  });
});
