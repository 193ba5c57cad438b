import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Member } from "../../../codegen/types";
import { aliceMember, bobMember, ownerMember } from "../../../stories/team/fixtures";
import { MemberPermissionsDialog } from "../../../web/src/dialogs/MemberPermissionsDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import { changedPermissions, permissionLock } from "../../../web/src/team/permissions";
import { json } from "../../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { renderShell } from "../shell/render";

beforeAll(() => activateLocale("en"));

/** Alice: a member who may manage permissions but does not hold the billing one. */
const alice = userWith((u) => {
  u._id = aliceMember._id;
  u.name = aliceMember.name;
  u.permissions["team.billing.view_invoices"] = false;
});

function open(member: Member, viewer = demoUser, onSaved = vi.fn()) {
  renderShell(<MemberPermissionsDialog member={member} onClose={vi.fn()} onSaved={onSaved} />, {
    user: viewer,
  });
  return onSaved;
}

const box = (name: string | RegExp) => screen.getByRole("checkbox", { name }) as HTMLInputElement;

describe("permission checkbox rules", () => {
  it("locks every permission of the team owner", () => {
    expect(permissionLock(demoUser, ownerMember, "team.contests.load_entries")).toBe("owner");
  });

  it("locks one's own permissions", () => {
    expect(permissionLock(alice, aliceMember, "team.contests.load_entries")).toBe("self");
  });

  it("locks a permission the viewer does not hold, and only that one", () => {
    expect(permissionLock(alice, bobMember, "team.billing.view_invoices")).toBe("notHeld");
    expect(permissionLock(alice, bobMember, "team.contests.load_entries")).toBeNull();
  });

  it("locks everything for a viewer who may not manage permissions", () => {
    const viewer = userWith((u) => {
      u.permissions["team.members.manage_permissions"] = false;
    });
    expect(permissionLock(viewer, bobMember, "team.contests.load_entries")).toBe("cannotManage");
  });

  it("keeps only the permissions whose value changed", () => {
    expect(changedPermissions({ a: true, b: false }, { a: true, b: true, c: false })).toEqual({ b: true });
  });
});

describe("MemberPermissionsDialog", () => {
  it("shows the categories on the left and a checkbox per permission of the chosen one", async () => {
    open(bobMember);
    expect(screen.getByRole("tab", { name: "Contests", selected: true })).toBeTruthy();
    expect(box("Load the entries of a contest").checked).toBe(false);
    expect(box("See the team's contests").checked).toBe(true);
    await userEvent.setup().click(screen.getByRole("tab", { name: "Shortlinks" }));
    expect(box("See the team's shortlinks").checked).toBe(true);
    expect(box("Create a shortlink").checked).toBe(false);
  });

  it("disables every checkbox of the owner and says why", () => {
    open(ownerMember);
    expect(screen.getByText("The owner holds every permission; they can't be changed.")).toBeTruthy();
    expect(screen.getAllByRole("checkbox").every((b) => (b as HTMLInputElement).disabled)).toBe(true);
  });

  it("disables every checkbox of one's own permissions", () => {
    open(aliceMember, alice);
    expect(screen.getByText("You can't change your own permissions.")).toBeTruthy();
    expect(screen.getAllByRole("checkbox").every((b) => (b as HTMLInputElement).disabled)).toBe(true);
  });

  it("disables the permissions the viewer lacks and leaves the others editable", async () => {
    open(bobMember, alice);
    expect(box("Load the entries of a contest").disabled).toBe(false);
    await userEvent.setup().click(screen.getByRole("tab", { name: "Billing" }));
    const billing = box(/^See and download invoices/);
    expect(billing.disabled).toBe(true);
    expect(billing.labels?.[0]?.textContent).toContain("(you don't hold it)");
  });

  it("moves between categories with the arrow keys", async () => {
    open(bobMember);
    const user = userEvent.setup();
    screen.getByRole("tab", { name: "Contests" }).focus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("tab", { name: "Templates", selected: true })).toBe(document.activeElement);
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Settings", selected: true })).toBeTruthy();
    expect(screen.getByRole("tabpanel", { name: "Settings" })).toBeTruthy();
  });

  it("sends only the changed permissions as updated_permissions and hands back the saved member", async () => {
    const saved: Member = {
      ...bobMember,
      pivot: {
        ...bobMember.pivot,
        permissions: { ...bobMember.pivot.permissions, "team.contests.load_entries": true },
      },
    };
    const api = mockApi({ "POST /teams/team-demo/members/user-bob/permissions": json(saved) });
    const onSaved = open(bobMember);
    const save = screen.getByRole("button", { name: "Save the changes" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(box("Load the entries of a contest"));
    // Checked then unchecked again: no change at all.
    fireEvent.click(box("Delete a draft"));
    fireEvent.click(box("Delete a draft"));
    expect(screen.getByText("1 change to save")).toBeTruthy();
    fireEvent.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.to("POST /teams/team-demo/members/user-bob/permissions")[0]?.body).toEqual({
      updated_permissions: { "team.contests.load_entries": true },
    });
  });
});
