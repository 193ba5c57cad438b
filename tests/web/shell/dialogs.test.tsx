import { i18n } from "@lingui/core";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AboutDialog, formatBuildDate, SOCIAL_LINKS } from "../../../web/src/dialogs/AboutDialog";
import { ConfirmEmailDialog } from "../../../web/src/dialogs/ConfirmEmailDialog";
import { CONTACT_REASONS, ContactDialog, contactErrors } from "../../../web/src/dialogs/ContactDialog";
import { DeleteAccountDialog } from "../../../web/src/dialogs/DeleteAccountDialog";
import { LanguageDialog } from "../../../web/src/dialogs/LanguageDialog";
import { RemoveDelegationDialog } from "../../../web/src/dialogs/RemoveDelegationDialog";
import { ShortcutsDialog } from "../../../web/src/dialogs/ShortcutsDialog";
import { SwitchTeamDialog } from "../../../web/src/dialogs/SwitchTeamDialog";
import { UnlinkUserAccountDialog } from "../../../web/src/dialogs/UnlinkUserAccountDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import { error, invalid, json } from "../../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { HOLD_DANGEROUS_MS, HOLD_MS } from "../../../web/src/widgets/HoldButton";
import { mockApi } from "../mock-api";
import { currentPath, renderShell } from "./render";

beforeAll(() => activateLocale("en"));
afterEach(async () => {
  vi.useRealTimers();
  if (i18n.locale !== "en") await activateLocale("en");
});

const LONG = "The draw of our spring contest shows the wrong winner count on the results page.";
const support = {
  name: "Sam Support",
  email: "sam@agency.test",
  phone: "+33 1 23 45 67 89",
  profile_picture_url: "https://agency.test/sam.png",
};
const withSupport = userWith((u) => {
  u.currentTeam.subscription = { yearly: false, support };
});

function fillContact(reason: string, message: string) {
  fireEvent.change(screen.getByLabelText("Reason"), { target: { value: reason } });
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: message } });
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
}

/** Holds a hold button long enough (fake timers must be on). */
function holdDown(button: HTMLElement, ms: number) {
  fireEvent.pointerDown(button);
  act(() => vi.advanceTimersByTime(ms));
}

describe("ContactDialog", () => {
  it("offers every reason of schemas/contact-reasons.json", () => {
    renderShell(<ContactDialog onClose={() => undefined} />);
    const options = [...(screen.getByLabelText("Reason") as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(["", ...CONTACT_REASONS.map((r) => r.key)]);
    expect(CONTACT_REASONS.map((r) => r.key)).toContain("elevate-quotas");
  });

  it("checks the reason and a message of 50 to 1000 characters before sending", () => {
    const api = mockApi({});
    renderShell(<ContactDialog onClose={() => undefined} />);
    fillContact("", "Too short.");
    expect(screen.getByLabelText("Reason").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Message").getAttribute("aria-invalid")).toBe("true");
    expect(api.calls).toEqual([]);
  });

  it("gives the engine's messages for the bounds", () => {
    expect(contactErrors({ reason: "other", message: "x".repeat(49) }, "en").message).toBeTruthy();
    expect(contactErrors({ reason: "other", message: "x".repeat(50) }, "en")).toEqual({});
    expect(contactErrors({ reason: "other", message: "x".repeat(1000) }, "en")).toEqual({});
    expect(contactErrors({ reason: "other", message: "x".repeat(1001) }, "en").message).toBeTruthy();
    expect(contactErrors({ reason: "nope", message: "x".repeat(60) }, "en").reason).toBeTruthy();
  });

  it("sends the reason, the message and meta with the timezone offset, then says it was sent", async () => {
    const api = mockApi({ "POST /users/me/contact_fairdraw": json({ success: true }) });
    renderShell(<ContactDialog onClose={() => undefined} />);
    fillContact("suggest-feature", LONG);
    expect(
      await screen.findByText("Message sent. We answer by e-mail, usually within a working day."),
    ).toBeTruthy();
    const body = api.to("POST /users/me/contact_fairdraw")[0]?.body as Record<string, unknown>;
    expect(body.reason).toBe("suggest-feature");
    expect(body.message).toBe(LONG);
    expect(body.meta).toMatchObject({ timezone_offset: new Date().getTimezoneOffset(), locale: "en" });
    expect(body.force).toBeUndefined();
  });

  it("puts the error id it reports in meta, and starts on the technical problem reason", async () => {
    const api = mockApi({ "POST /users/me/contact_fairdraw": json({ success: true }) });
    renderShell(<ContactDialog onClose={() => undefined} errorId="uid-7" />);
    expect(screen.getByText("Error id: uid-7")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: LONG } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("Message sent. We answer by e-mail, usually within a working day.");
    const body = api.to("POST /users/me/contact_fairdraw")[0]?.body as { reason: string; meta: object };
    expect(body.reason).toBe("report-technical-bug");
    expect(body.meta).toMatchObject({ error_id: "uid-7" });
  });

  it("shows the team's own support contact instead of the form", () => {
    renderShell(<ContactDialog onClose={() => undefined} />, { user: withSupport });
    expect(screen.getByRole("dialog", { name: "Your support contact" })).toBeTruthy();
    expect(screen.getByText("Sam Support")).toBeTruthy();
    expect(screen.getByRole("link", { name: "sam@agency.test" }).getAttribute("href")).toBe(
      "mailto:sam@agency.test",
    );
    expect(screen.getByRole("link", { name: "+33 1 23 45 67 89" }).getAttribute("href")).toBe(
      "tel:+33123456789",
    );
    expect(screen.getByRole("img", { name: "Picture of Sam Support" }).getAttribute("src")).toBe(
      support.profile_picture_url,
    );
    expect(screen.queryByLabelText("Message")).toBeNull();
  });

  it("lets the person write to Fairdraw anyway, sending force", async () => {
    const api = mockApi({ "POST /users/me/contact_fairdraw": json({ success: true }) });
    renderShell(<ContactDialog onClose={() => undefined} />, { user: withSupport });
    fireEvent.click(screen.getByRole("button", { name: "Write to Fairdraw instead" }));
    fillContact("other", LONG);
    await screen.findByText("Message sent. We answer by e-mail, usually within a working day.");
    expect(
      (api.to("POST /users/me/contact_fairdraw")[0]?.body as { force?: boolean } | undefined)?.force,
    ).toBe(true);
  });

  it("shows the form at once when forced", () => {
    renderShell(<ContactDialog onClose={() => undefined} forced />, { user: withSupport });
    expect(screen.getByLabelText("Message")).toBeTruthy();
  });

  it("shows the support contact the server answers with", async () => {
    mockApi({ "POST /users/me/contact_fairdraw": json({ success: false, support }) });
    renderShell(<ContactDialog onClose={() => undefined} />);
    fillContact("other", LONG);
    expect(await screen.findByText("Sam Support")).toBeTruthy();
  });

  it("shows the server's field messages and its refusal", async () => {
    mockApi({
      "POST /users/me/contact_fairdraw": [
        invalid({ message: "Must be between 50 and 1000 characters." }),
        error(429, "tooManyAttempts", "Too many messages this hour."),
      ],
    });
    renderShell(<ContactDialog onClose={() => undefined} />);
    fillContact("other", LONG);
    expect(await screen.findByText("Must be between 50 and 1000 characters.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many messages this hour.");
  });

  it("counts the characters typed", () => {
    renderShell(<ContactDialog onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Hello" } });
    expect(screen.getByText("5 / 1000 characters (at least 50)")).toBeTruthy();
  });
});

describe("SwitchTeamDialog", () => {
  it("lists the teams with the current one marked", () => {
    renderShell(<SwitchTeamDialog onClose={() => undefined} />);
    const current = screen.getByRole("button", { name: /Demo team/ });
    expect(current.getAttribute("aria-current")).toBe("true");
    expect(current.textContent).toContain("Owner · Business");
    expect(screen.getByRole("button", { name: /Other team/ }).textContent).toContain("Member · Basic");
  });

  it("switches team, reloads the user and goes to the dashboard", async () => {
    const onClose = vi.fn();
    const switched = userWith((u) => {
      u.current_team_id = "team-other";
    });
    const api = mockApi({
      "POST /users/switch_team": json(switched),
      "GET /users/me": json(switched),
      "GET /refresh_csrf": json({ csrf_token: "t" }),
    });
    renderShell(<SwitchTeamDialog onClose={onClose} />, { path: "/team/members" });
    fireEvent.click(screen.getByRole("button", { name: /Other team/ }));
    await waitFor(() => expect(currentPath()).toBe("/"));
    expect(onClose).toHaveBeenCalled();
    expect(api.to("POST /users/switch_team")[0]?.body).toEqual({ team_id: "team-other" });
    expect(api.to("GET /users/me")).toHaveLength(1);
  });

  it("only closes when the current team is chosen", () => {
    const onClose = vi.fn();
    const api = mockApi({});
    renderShell(<SwitchTeamDialog onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: /Demo team/ }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(api.calls).toEqual([]);
  });
});

describe("LanguageDialog", () => {
  it("lists the five languages with their flags, the current one pressed", () => {
    renderShell(<LanguageDialog onClose={() => undefined} />);
    const buttons = screen.getAllByRole("button").filter((b) => b.hasAttribute("data-locale"));
    expect(buttons.map((b) => b.textContent)).toEqual(["English", "Français", "العربية", "हिन्दी", "日本語"]);
    expect(buttons.every((b) => b.querySelector("svg[data-flag]"))).toBe(true);
    expect(screen.getByRole("button", { name: "English" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("switches the interface, remembers it in the cookie and saves it to the account", async () => {
    const onClose = vi.fn();
    const api = mockApi({ "POST /users/me": json({ ...demoUser, locale: "ar" }) });
    renderShell(<LanguageDialog onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "العربية" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    expect(document.cookie).toContain("locale=ar");
    expect(api.to("POST /users/me")[0]?.body).toEqual({ locale: "ar" });
  });

  it("does not call the server for a signed-out person", async () => {
    const onClose = vi.fn();
    const api = mockApi({});
    renderShell(<LanguageDialog onClose={onClose} />, { user: null });
    fireEvent.click(screen.getByRole("button", { name: "Français" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(i18n.locale).toBe("fr");
    expect(api.calls).toEqual([]);
  });
});

describe("AboutDialog", () => {
  it("shows the version, the date of the last update and the social links", () => {
    renderShell(<AboutDialog onClose={() => undefined} />);
    expect(screen.getByRole("dialog", { name: "About Fairdraw" })).toBeTruthy();
    expect(document.querySelector("[data-version]")?.textContent).toBeTruthy();
    const links = screen.getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(SOCIAL_LINKS.map((s) => s.url));
  });

  it("formats the build date in the interface language", async () => {
    expect(formatBuildDate("2026-07-01T10:00:00.000Z")).toBe("July 1, 2026");
    await activateLocale("fr");
    expect(formatBuildDate("2026-07-01T10:00:00.000Z")).toBe("1 juillet 2026");
    expect(formatBuildDate(undefined)).toBeNull();
    expect(formatBuildDate("not a date")).toBeNull();
  });
});

describe("ShortcutsDialog", () => {
  it("lists the eight keys with what each does", () => {
    renderShell(<ShortcutsDialog onClose={() => undefined} />);
    const keys = screen.getAllByRole("rowheader").map((h) => h.textContent);
    expect(keys).toEqual(["C", "T", "L", "I", "K", "S", "Q", "P"]);
    expect(screen.getByRole("columnheader", { name: "What it does" })).toBeTruthy();
    expect(screen.getByRole("row", { name: /^Q/ }).textContent).toContain("Go to the quick draw");
  });
});

describe("ConfirmEmailDialog", () => {
  it("sends the 6 digits with the new address and hands back the updated user", async () => {
    const onConfirmed = vi.fn();
    const updated = { ...demoUser, email: "new@fairdraw.test" };
    const api = mockApi({ "POST /users/me": json(updated) });
    renderShell(
      <ConfirmEmailDialog email="new@fairdraw.test" onClose={() => undefined} onConfirmed={onConfirmed} />,
    );
    expect(screen.getAllByRole("textbox")).toHaveLength(6);
    fireEvent.paste(screen.getAllByRole("textbox")[0] as HTMLElement, {
      clipboardData: { getData: () => "246810" },
    });
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith(updated));
    expect(api.to("POST /users/me")[0]?.body).toEqual({ email: "new@fairdraw.test", confirm_code: "246810" });
  });

  it("shows a wrong code and empties the boxes", async () => {
    mockApi({ "POST /users/me": invalid({ code: "This code is wrong or expired." }) });
    renderShell(
      <ConfirmEmailDialog email="new@fairdraw.test" onClose={() => undefined} onConfirmed={vi.fn()} />,
    );
    fireEvent.paste(screen.getAllByRole("textbox")[0] as HTMLElement, {
      clipboardData: { getData: () => "000000" },
    });
    expect((await screen.findByRole("alert")).textContent).toBe("This code is wrong or expired.");
    expect((screen.getAllByRole("textbox") as HTMLInputElement[]).every((b) => b.value === "")).toBe(true);
  });

  it("asks for all 6 digits before sending", () => {
    const api = mockApi({});
    renderShell(
      <ConfirmEmailDialog email="new@fairdraw.test" onClose={() => undefined} onConfirmed={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(screen.getByRole("alert").textContent).toBe("Enter the 6 digits of the code.");
    expect(api.calls).toEqual([]);
  });

  it("sends a new code on demand", async () => {
    const api = mockApi({ "POST /users/me": json({ confirm_email: true, email: "new@fairdraw.test" }, 202) });
    renderShell(
      <ConfirmEmailDialog email="new@fairdraw.test" onClose={() => undefined} onConfirmed={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Send a new code" }));
    expect(await screen.findByText("A new code was sent to new@fairdraw.test.")).toBeTruthy();
    expect(api.to("POST /users/me")[0]?.body).toEqual({ email: "new@fairdraw.test" });
  });
});

describe("DeleteAccountDialog", () => {
  it("deletes the account after a 5 s hold, signs out and goes to /login with a success toast", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ "DELETE /users/me": json({ success: true }) });
    renderShell(<DeleteAccountDialog onClose={() => undefined} />, { path: "/me/settings" });
    const button = screen.getByRole("button", { name: /Delete my account/ });
    holdDown(button, HOLD_DANGEROUS_MS - 100);
    fireEvent.pointerUp(button);
    expect(api.calls).toEqual([]);
    holdDown(button, HOLD_DANGEROUS_MS);
    await waitFor(() => expect(currentPath()).toBe("/login"));
    expect(api.to("DELETE /users/me")).toHaveLength(1);
    expect(await screen.findByText("Your account was deleted")).toBeTruthy();
  });

  it("shows the server's refusal and goes back to hold", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      "DELETE /users/me": error(
        409,
        "conflict",
        "Transfer the ownership of your teams with other members first.",
      ),
    });
    renderShell(<DeleteAccountDialog onClose={() => undefined} />, { path: "/me/settings" });
    holdDown(screen.getByRole("button", { name: /Delete my account/ }), HOLD_DANGEROUS_MS);
    expect((await screen.findByRole("alert")).textContent).toContain("Transfer the ownership");
    expect(screen.getByRole("button", { name: /Delete my account/ }).getAttribute("data-state")).toBe("hold");
    expect(currentPath()).toBe("/me/settings");
  });
});

describe("RemoveDelegationDialog and UnlinkUserAccountDialog", () => {
  const delegation = {
    delegation_id: "d1",
    name: "Dana",
    screen_name: "dana",
    provider: "bluesky",
    team: { name: "Acme" },
  };

  it("removes a lent account from its team after a hold and says so", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onRemoved = vi.fn();
    const api = mockApi({ "DELETE /users/me/accounts/delegations/d1": json({ success: true }) });
    renderShell(
      <RemoveDelegationDialog delegation={delegation} onClose={() => undefined} onRemoved={onRemoved} />,
    );
    expect(screen.getByRole("dialog").textContent).toContain(
      "Acme will no longer run contests with Dana (@dana)",
    );
    holdDown(screen.getByRole("button", { name: /Remove/ }), HOLD_MS);
    expect(await screen.findByText("Dana (@dana) is no longer lent to Acme")).toBeTruthy();
    expect(onRemoved).toHaveBeenCalledOnce();
    expect(api.to("DELETE /users/me/accounts/delegations/d1")).toHaveLength(1);
  });

  it("unlinks one of the person's accounts after a 5 s hold", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onUnlinked = vi.fn();
    const api = mockApi({ "DELETE /users/me/accounts/a1": json({ success: true }) });
    renderShell(
      <UnlinkUserAccountDialog
        account={{ _id: "a1", name: "Dana", screen_name: "dana", provider: "bluesky" }}
        onClose={() => undefined}
        onUnlinked={onUnlinked}
      />,
    );
    holdDown(screen.getByRole("button", { name: /Unlink/ }), HOLD_DANGEROUS_MS);
    expect(await screen.findByText("Account unlinked")).toBeTruthy();
    expect(onUnlinked).toHaveBeenCalledOnce();
    expect(api.to("DELETE /users/me/accounts/a1")).toHaveLength(1);
  });

  it("hands a failure to the shell's error alert", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      "DELETE /users/me/accounts/delegations/d1": error(404, "notFound", "This delegation does not exist."),
    });
    renderShell(
      <RemoveDelegationDialog delegation={delegation} onClose={() => undefined} onRemoved={vi.fn()} />,
    );
    holdDown(screen.getByRole("button", { name: /Remove/ }), HOLD_MS);
    expect(await screen.findByRole("dialog", { name: "This delegation does not exist." })).toBeTruthy();
  });
});
