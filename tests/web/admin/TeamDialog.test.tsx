import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import {
  limitDateToIso,
  localInputValue,
  TeamDialog,
  type TeamOfDialog,
} from "../../../web/src/pages/admin/TeamDialog";
import { invalid } from "../../../web/src/testing/fake-api";
import { userWith } from "../../../web/src/testing/fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";
import { adminTeam } from "./admin-fixtures";

const admin = userWith((u) => {
  u.grade = "admin";
});

beforeAll(() => activateLocale("en"));

function renderDialog(team: TeamOfDialog = adminTeam()) {
  const onChanged = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers user={admin} path="/admin/users">
      <TeamDialog team={team} onChanged={onChanged} onClose={onClose} />
    </Providers>,
  );
  return { onChanged, onClose };
}

describe("the admin's team dialog", () => {
  it("sets the chosen plan, says so and hands the changed team to the list", async () => {
    const api = mockApi({
      "POST /admin/teams/team-brand/plan": (call) => ({
        body: adminTeam({ plan: (call.body as { plan: string }).plan }),
      }),
    });
    const { onChanged } = renderDialog();
    const save = screen.getByRole("button", { name: "Set the plan" });
    expect(save).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByLabelText("Plan of the team"), { target: { value: "professional" } });
    fireEvent.click(save);
    expect(await screen.findByText("The team is now on the Professional plan.")).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", "/admin/teams/team-brand/plan", { plan: "professional" }],
    ]);
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ plan: "professional" }));
    // The facts follow, and the button waits for another choice.
    expect(screen.getAllByText("Professional").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Set the plan" })).toHaveProperty("disabled", true);
  });

  it("shows the server's message under the plan on a 422", async () => {
    mockApi({
      "POST /admin/teams/team-brand/plan": () => invalid({ plan: "Must be one of the list." }),
    });
    const { onChanged } = renderDialog();
    const select = screen.getByLabelText("Plan of the team");
    fireEvent.change(select, { target: { value: "business" } });
    fireEvent.click(screen.getByRole("button", { name: "Set the plan" }));
    expect(await screen.findByText("Must be one of the list.")).toBeTruthy();
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("writes any other failure in the dialog with its error id", async () => {
    mockApi({
      "POST /admin/teams/team-brand/plan": () => ({
        status: 404,
        body: { error: "notFound", message: "This team does not exist.", uid: "abc123" },
      }),
    });
    renderDialog();
    fireEvent.change(screen.getByLabelText("Plan of the team"), { target: { value: "business" } });
    fireEvent.click(screen.getByRole("button", { name: "Set the plan" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This team does not exist.");
    expect(alert.textContent).toContain("abc123");
  });

  it("freezes the team until the chosen limit date, sent as an ISO date", async () => {
    const api = mockApi({
      "POST /admin/teams/team-brand/freeze": (call) => ({
        body: adminTeam({ frozen: { limit_date: (call.body as { limit_date: string }).limit_date } }),
      }),
    });
    const { onChanged } = renderDialog();
    fireEvent.change(screen.getByLabelText("Limit date"), { target: { value: "2030-01-31T18:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Freeze the team" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(api.calls[0]?.body).toEqual({ limit_date: new Date("2030-01-31T18:00").toISOString() });
    expect(await screen.findByText(/The team is frozen; the limit date is/)).toBeTruthy();
    // Now frozen: it can be lifted.
    expect(screen.getByRole("button", { name: "Lift the freeze" })).toBeTruthy();
  });

  it("lifts the freeze of a frozen team with a null limit date", async () => {
    const api = mockApi({
      "POST /admin/teams/team-brand/freeze": () => ({ body: adminTeam({ frozen: null }) }),
    });
    renderDialog(adminTeam({ frozen: { limit_date: "2030-01-31T00:00:00.000Z" } }));
    fireEvent.click(screen.getByRole("button", { name: "Lift the freeze" }));
    expect(await screen.findByText("The freeze is lifted.")).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ limit_date: null });
    expect(screen.queryByRole("button", { name: "Lift the freeze" })).toBeNull();
  });

  it("shows a refused limit date under its field", async () => {
    mockApi({
      "POST /admin/teams/team-brand/freeze": () => invalid({ limit_date: "Must be a valid date." }),
    });
    renderDialog();
    fireEvent.change(screen.getByLabelText("Limit date"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Freeze the team" }));
    expect(await screen.findByText("Must be a valid date.")).toBeTruthy();
  });
});

describe("limit dates", () => {
  it("turns the person's local date and time into an ISO date, and leaves what is no date to the server", () => {
    expect(limitDateToIso("2030-01-31T18:00")).toBe(new Date("2030-01-31T18:00").toISOString());
    expect(limitDateToIso("")).toBe("");
    expect(limitDateToIso("soon")).toBe("soon");
  });

  it("proposes a date some days ahead in the datetime-local format", () => {
    expect(localInputValue(new Date(2030, 0, 30, 9, 5), 2)).toBe("2030-02-01T09:05");
  });
});
