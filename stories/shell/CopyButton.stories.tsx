import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, waitFor, within } from "storybook/test";
import { CopyButton } from "../../web/src/widgets/CopyButton";

const meta = {
  title: "Widgets/CopyButton",
  component: CopyButton,
  args: { text: "https://fairdraw.app/invite/demo-invite-carol", label: "Copy the invitation link" },
} satisfies Meta<typeof CopyButton>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status").textContent).toBe("");
  },
};

/** "Copied!" shows for 1 s. */
export const Copied: Story = {
  // A clipboard that accepts (jsdom has none; a browser refuses outside a secure context).
  beforeEach: () => {
    const original = Object.getOwnPropertyDescriptor(navigator, "clipboard");
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.resolve() },
      configurable: true,
    });
    return () => {
      if (original) Object.defineProperty(navigator, "clipboard", original);
      else Reflect.deleteProperty(navigator, "clipboard");
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "Copy the invitation link" }));
    await waitFor(() => expect(canvas.getByRole("status").textContent).toBe("Copied!"));
    await waitFor(() => expect(canvas.getByRole("status").textContent).toBe(""), { timeout: 2000 });
  },
};
