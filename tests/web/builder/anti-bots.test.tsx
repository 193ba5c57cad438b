/** The anti-bots switch says what it leaves out, with the figures of schemas/constants.json (contest-builder.md §9). */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import constants from "../../../schemas/constants.json";
import { opened, renderBuilder } from "./render";

describe("the anti-bots filter", () => {
  it("describes the switch with the automated accounts and suspicious applications of the constants", async () => {
    renderBuilder();
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole("button", { name: /Add a source/ })[0] as HTMLElement);
    const add = await screen.findByRole("dialog", { name: "Add a source" });
    await user.click(within(add).getByRole("button", { name: /Twitter/ }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add a source" })).toBeNull());
    await user.click(screen.getByRole("tab", { name: /Filters/ }));
    const toggle = screen.getByRole("switch", { name: "Anti-bots filter" });
    const described = (toggle.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ");
    const { automated_accounts, suspicious_applications } = constants.contest.anti_bots;
    const format = (n: number) => new Intl.NumberFormat("en").format(n);
    expect(described).toContain(`${format(automated_accounts)} known automated accounts`);
    expect(described).toContain(`${format(suspicious_applications)} suspicious applications`);
  });
});
