import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { customShortlink, shortlink } from "../../../stories/team/fixtures";
import { CreateShortlinkDialog, shortlinkBody } from "../../../web/src/dialogs/CreateShortlinkDialog";
import { ShortlinksDialog } from "../../../web/src/dialogs/ShortlinksDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import { invalid, json } from "../../../web/src/testing/fake-api";
import { userWith } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { renderShell } from "../shell/render";

beforeAll(() => activateLocale("en"));

const withoutCustomKeys = userWith((u) => {
  u.currentTeam.features = u.currentTeam.features.filter((f) => f !== "shortlinksCustomKey");
});

describe("the shortlink body", () => {
  it("is random without a key and custom with one", () => {
    const fields = { domain: "fdraw.co", url: " https://a.example ", key: "" };
    expect(shortlinkBody({ ...fields, type: "random" })).toEqual({
      type: "random",
      domain: "fdraw.co",
      key: null,
      url: "https://a.example",
    });
    expect(shortlinkBody({ ...fields, type: "custom", key: "my-key" })).toMatchObject({
      type: "custom",
      key: "my-key",
    });
    // A custom type left without a key is a random one (app-shell.md §5).
    expect(shortlinkBody({ ...fields, type: "custom", key: "  " })).toMatchObject({
      type: "random",
      key: null,
    });
    // A key typed and then switched back to random is not sent.
    expect(shortlinkBody({ ...fields, type: "random", key: "kept" })).toMatchObject({
      type: "random",
      key: null,
    });
  });
});

describe("CreateShortlinkDialog", () => {
  it("defaults to the first configured domain and a random key", () => {
    renderShell(<CreateShortlinkDialog onClose={vi.fn()} />);
    expect((screen.getByLabelText("Short domain") as HTMLSelectElement).value).toBe("fdraw.co");
    expect((screen.getByRole("radio", { name: "Random" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText("Your key")).toBeNull();
  });

  it("shows the API's 422 messages next to their fields", async () => {
    const api = mockApi({
      "POST /teams/current/shortlinks/create": invalid({
        url: "Must be a valid URL (http, https).",
        key: "This key is already taken on this domain.",
      }),
    });
    renderShell(<CreateShortlinkDialog onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("Link to shorten"), { target: { value: "ftp://nope" } });
    fireEvent.click(screen.getByRole("radio", { name: "Of my choice" }));
    fireEvent.change(screen.getByLabelText("Your key"), { target: { value: "taken" } });
    fireEvent.change(screen.getByLabelText("Short domain"), { target: { value: "drw.to" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));

    const url = screen.getByLabelText("Link to shorten");
    expect(await screen.findByText("Must be a valid URL (http, https).")).toBeTruthy();
    expect(url.getAttribute("aria-invalid")).toBe("true");
    const urlError = document.getElementById(url.getAttribute("aria-describedby") ?? "");
    expect(urlError?.textContent).toBe("Must be a valid URL (http, https).");
    const key = screen.getByLabelText("Your key");
    expect(key.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("This key is already taken on this domain.")).toBeTruthy();
    expect(api.to("POST /teams/current/shortlinks/create")[0]?.body).toEqual({
      type: "custom",
      domain: "drw.to",
      key: "taken",
      url: "ftp://nope",
    });
    // The submit button is back for another try.
    expect((screen.getByRole("button", { name: "Create" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("disables the key of one's choice without the plan feature, with the star", () => {
    renderShell(<CreateShortlinkDialog onClose={vi.fn()} />, { user: withoutCustomKeys });
    expect((screen.getByRole("radio", { name: "Of my choice" }) as HTMLInputElement).disabled).toBe(true);
    expect(
      screen.getByRole("link", { name: "Needs a higher plan: see the plans" }).getAttribute("href"),
    ).toBe("/team/subscription");
  });

  it("refuses to create without the permission", () => {
    const viewer = userWith((u) => {
      u.permissions["team.shortlinks.create_shortlink"] = false;
    });
    renderShell(<CreateShortlinkDialog onClose={vi.fn()} />, { user: viewer });
    expect(screen.getByText("You don't have the permission to create shortlinks.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Create" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the new shortlink once created", async () => {
    mockApi({ "POST /teams/current/shortlinks/create": json(shortlink, 201) });
    const onCreated = vi.fn();
    renderShell(<CreateShortlinkDialog onClose={vi.fn()} onCreated={onCreated} />);
    fireEvent.change(screen.getByLabelText("Link to shorten"), { target: { value: shortlink.url } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    const view = await screen.findByRole("dialog", { name: "Shortlink" });
    expect(within(view).getByText("https://fdraw.co/aB3xYz")).toBeTruthy();
    expect(within(view).getByText("42")).toBeTruthy();
    expect(onCreated).toHaveBeenCalledWith(shortlink);
  });
});

describe("ShortlinksDialog", () => {
  it("lists the team's last 5 shortlinks", async () => {
    const api = mockApi({
      "GET /teams/current/shortlinks/list": json({ data: [customShortlink, shortlink] }),
    });
    renderShell(<ShortlinksDialog onClose={vi.fn()} />);
    expect(await screen.findByText("https://fdr.aw/summer-2026")).toBeTruthy();
    expect(screen.getByText("https://fdraw.co/aB3xYz")).toBeTruthy();
    expect(api.to("GET /teams/current/shortlinks/list")[0]?.query.get("limit")).toBe("5");
  });

  it("opens the creation form from the list", async () => {
    mockApi({ "GET /teams/current/shortlinks/list": json({ data: [] }) });
    renderShell(<ShortlinksDialog onClose={vi.fn()} />);
    expect(await screen.findByText("The team has no shortlink yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create a shortlink" }));
    expect(screen.getByRole("dialog", { name: "Create a shortlink" })).toBeTruthy();
  });
});
