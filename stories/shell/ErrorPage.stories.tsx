import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ErrorPage } from "../../web/src/pages/ErrorPage";
import { inSeconds, withShell } from "./decorators";

const meta = {
  title: "Shell/ErrorPage",
  component: ErrorPage,
  decorators: [withShell],
  args: { status: 404 },
} satisfies Meta<typeof ErrorPage>;
export default meta;

type Story = StoryObj<typeof meta>;

function page(status: number, title: string): Story {
  return {
    args: { status },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(canvas.getByRole("heading", { level: 1 }).textContent).toBe(title);
      await expect(canvasElement.querySelector("[data-status]")?.getAttribute("data-status")).toBe(
        String(status),
      );
      await expect(canvas.getByRole("button", { name: "Back" })).toBeInTheDocument();
      await expect(canvas.getByRole("button", { name: "Reload" })).toBeInTheDocument();
      // Every status has its picture, in the illustration style of the empty states.
      await expect(canvasElement.querySelector("svg.illustration")).not.toBeNull();
    },
  };
}

export const BadRequest = page(400, "Bad request");
export const NotSignedIn = page(401, "You are not signed in");
export const Forbidden = page(403, "You don't have access to this page");
export const NotFound = page(404, "This page could not be found");
export const NotAllowed = page(405, "This action is not allowed");
export const ServerError = page(500, "Something went wrong");

/** 402: the team is frozen; the time left, the billing portal and a contact link. */
export const PaymentRequired: Story = {
  args: { status: 402, frozenUntil: inSeconds(3 * 86_400 + 7200) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 }).textContent).toBe("Payment required");
    await expect(canvas.getByRole("timer").getAttribute("data-colour")).toBe("green");
    await expect(canvas.getByRole("link", { name: "Open the billing portal" }).getAttribute("href")).toBe(
      "/team/billing",
    );
    await expect(canvas.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe(
      "/me/settings?contact=1",
    );
  },
};

/** Outside production the details of the error show. */
export const WithDetails: Story = {
  args: { status: 500, details: "TypeError: x is undefined\n    at Page (page.tsx:12)" },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector(".error-details")?.textContent).toContain("TypeError");
  },
};
