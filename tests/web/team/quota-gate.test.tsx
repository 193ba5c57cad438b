/** Quota-aware actions (issue 15): a button the plan's quota blocks says so before any dialog opens. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../../stories/team/fixtures";
import { NewContestActions } from "../../../web/src/contest/NewContestActions";
import { activateLocale } from "../../../web/src/i18n/activate";
import TeamAccountsPage from "../../../web/src/pages/team/TeamAccountsPage";
import TeamMembersPage from "../../../web/src/pages/team/TeamMembersPage";
import type { QuotaUsage } from "../../../web/src/team/api";
import { json } from "../../../web/src/testing/fake-api";
import { opened, renderBuilder } from "../builder/render";
import { mockApi } from "../mock-api";
import { renderShell } from "../shell/render";

beforeAll(() => activateLocale("en"));
afterEach(() => activateLocale("en"));

function usage(change: (u: QuotaUsage) => void = () => {}): QuotaUsage {
  const u: QuotaUsage = {
    members: { used: 1, limit: 5, invites: 0 },
    accounts: { used: 1, limit: 5, per_provider: { twitter: 1 } },
    drafts: { used: 0, limit: 10 },
    templates: { used: 0, limit: 10 },
    imports: { used: 0, limit: 50, period: "month" },
    contests: { used: 0, limit: 5 },
    winners: { limit: 50 },
    storage_mb: { used: 0, limit: 5000 },
  };
  change(u);
  return u;
}

const quotas = (u: QuotaUsage) => ({ "GET /teams/current/quotas": json({ data: u }) });

describe("inviting a member", () => {
  it("is refused before the dialog when members and open invites fill the plan, with the reason and the way out", async () => {
    mockApi({
      "GET /teams/current/members/list": json({ data: members }),
      ...quotas(usage((u) => (u.members = { used: 1, limit: 2, invites: 1 }))),
    });
    renderShell(<TeamMembersPage />, { path: "/team/members" });
    const button = screen.getByRole("button", { name: "Invite a member" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    const reason = document.getElementById(button.getAttribute("aria-describedby") ?? "") as HTMLElement;
    expect(reason.textContent).toBe(
      "Your plan includes 2 members, open invites included: all are taken. Upgrade the plan",
    );
    expect(within(reason).getByRole("link", { name: "Upgrade the plan" }).getAttribute("href")).toBe(
      "/team/subscription",
    );
  });

  it("says one member in the singular, and the count line uses real plurals", async () => {
    mockApi({
      "GET /teams/current/members/list": json({ data: members.slice(0, 1) }),
      ...quotas(usage((u) => (u.members = { used: 1, limit: 1, invites: 0 }))),
    });
    const user = (await import("../../../web/src/testing/fixtures")).userWith((u) => {
      u.currentTeam.quotas = { ...u.currentTeam.quotas, members: 1 };
    });
    renderShell(<TeamMembersPage />, { path: "/team/members", user });
    expect(await screen.findByText("1 of 1 member")).toBeTruthy();
    expect(
      await screen.findByText("Your plan includes 1 member, open invites included: it is taken."),
    ).toBeTruthy();
  });

  it("says it in French with French plurals", async () => {
    await activateLocale("fr");
    mockApi({
      "GET /teams/current/members/list": json({ data: members }),
      ...quotas(usage((u) => (u.members = { used: 2, limit: 2, invites: 0 }))),
    });
    renderShell(<TeamMembersPage />, { path: "/team/members" });
    expect(
      await screen.findByText(
        "Votre offre comprend 2 membres, invitations en cours comprises : tous sont pris.",
      ),
    ).toBeTruthy();
  });

  it("stays open while the plan has room", async () => {
    const api = mockApi({ "GET /teams/current/members/list": json({ data: members }), ...quotas(usage()) });
    renderShell(<TeamMembersPage />, { path: "/team/members" });
    await waitFor(() => expect(api.to("GET /teams/current/quotas")).toHaveLength(1));
    expect((screen.getByRole("button", { name: "Invite a member" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(document.querySelector(".quota-reason")).toBeNull();
  });
});

describe("making a new contest", () => {
  it("keeps the builder open while a draft can still be saved, and closes it when neither can", async () => {
    mockApi(
      quotas(
        usage((u) => {
          u.contests = { used: 2, limit: 2 };
        }),
      ),
    );
    const { unmount } = renderShell(<NewContestActions onCreate={() => undefined} />);
    await waitFor(() => expect(document.querySelector("[aria-describedby]")).toBeNull());
    expect((screen.getByRole("button", { name: "Create a contest" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    unmount();
    mockApi(
      quotas(
        usage((u) => {
          u.contests = { used: 2, limit: 2 };
          u.drafts = { used: 1, limit: 1 };
        }),
      ),
    );
    renderShell(<NewContestActions onCreate={() => undefined} />);
    const create = screen.getByRole("button", { name: "Create a contest" }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(true));
    expect(document.getElementById(create.getAttribute("aria-describedby") ?? "")?.textContent).toContain(
      "Your plan includes 2 running contests: all are in use.",
    );
  });

  it("turns the quick draw into a disabled button once this month's imports are used", async () => {
    mockApi(quotas(usage((u) => (u.imports = { used: 4, limit: 4, period: "month" }))));
    renderShell(<NewContestActions onCreate={() => undefined} />);
    const quick = await screen.findByRole("button", { name: "Quick draw" });
    expect((quick as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Your plan includes 4 imports a month: all are used.")).toBeTruthy();
  });
});

describe("the builder's actions", () => {
  it("disables Create contest and a new draft with their reasons when the plan's quotas are used", async () => {
    renderBuilder({
      routes: quotas(
        usage((u) => {
          u.contests = { used: 1, limit: 1 };
          u.drafts = { used: 3, limit: 3 };
        }),
      ),
    });
    await opened();
    const create = screen.getByRole("button", { name: "Create contest" }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(true));
    expect(document.getElementById(create.getAttribute("aria-describedby") ?? "")?.textContent).toContain(
      "Your plan includes 1 running contest: it is in use.",
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Menu" }));
    // A Radix menu item: disabled is aria-disabled, and its reason is the description it points to.
    const draft = screen.getByRole("menuitem", { name: "Save as draft" });
    expect(draft.getAttribute("aria-disabled")).toBe("true");
    expect(document.getElementById(draft.getAttribute("aria-describedby") ?? "")?.textContent).toContain(
      "Your plan includes 3 drafts: all are in use.",
    );
    expect(
      screen.getByRole("menuitem", { name: "Export as template" }).getAttribute("aria-disabled"),
    ).toBeNull();
    // The upgrade is an item of its own, reachable with the arrow keys.
    expect(screen.getByRole("menuitem", { name: "Upgrade the plan" })).toBeTruthy();
  });

  it("leaves Create contest to a team whose plan lacks the builder: it leads to a paid contest, in no quota", async () => {
    const { api } = renderBuilder({
      fixture: { features: [] },
      routes: quotas(usage((u) => (u.contests = { used: 0, limit: 0 }))),
    });
    await opened();
    await waitFor(() => expect(api.to("GET /teams/current/quotas")).toHaveLength(1));
    expect((screen.getByRole("button", { name: "Create contest" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(document.querySelector(".quota-reason")).toBeNull();
  });
});

describe("linking an account", () => {
  it("blocks a new sandbox account and invite on a network whose accounts are all linked, and not on another", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /teams/current/accounts/list": json({ data: [] }),
      ...quotas(
        usage((u) => (u.accounts = { used: 2, limit: 2, per_provider: { twitter: 2, facebook: 1 } })),
      ),
    });
    renderShell(<TeamAccountsPage />, { path: "/team/accounts" });
    await user.click(await screen.findByRole("button", { name: "Link an account" }));
    const dialog = screen.getByRole("dialog", { name: "Link an account" });
    const sandbox = within(dialog).getByRole("button", {
      name: "Add a sandbox account",
    }) as HTMLButtonElement;
    const invite = within(dialog).getByRole("button", { name: "Create the invite" }) as HTMLButtonElement;

    await user.click(within(dialog).getByRole("radio", { name: /X \(Twitter\)/ }));
    await waitFor(() => expect(sandbox.disabled).toBe(true));
    expect(invite.disabled).toBe(true);
    const reason = document.getElementById(sandbox.getAttribute("aria-describedby") ?? "") as HTMLElement;
    expect(reason.textContent).toBe(
      "Your plan includes 2 accounts per network: this network's are all linked. Upgrade the plan",
    );
    expect(invite.getAttribute("aria-describedby")).toBe(reason.id);

    await user.click(within(dialog).getByRole("radio", { name: /Facebook/ }));
    expect(sandbox.disabled).toBe(false);
    expect(invite.disabled).toBe(false);
    expect(within(dialog).queryByText(/accounts per network/)).toBeNull();
  });
});
