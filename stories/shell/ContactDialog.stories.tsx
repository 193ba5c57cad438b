import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, fn, within } from "storybook/test";
import { ContactDialog } from "../../web/src/dialogs/ContactDialog";
import { userWith } from "../../web/src/testing/fixtures";
import { withShell } from "./decorators";

const withSupport = userWith((u) => {
  u.currentTeam.subscription = {
    yearly: true,
    support: {
      name: "Sam Support",
      email: "sam@agency.test",
      phone: "+33 1 23 45 67 89",
      profile_picture_url: null,
    },
  };
});

const meta = {
  title: "Dialogs/ContactDialog",
  component: ContactDialog,
  decorators: [withShell],
  args: { onClose: fn() },
} satisfies Meta<typeof ContactDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Form: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("dialog", { name: "Contact us" })).toBeInTheDocument();
    await expect(canvas.getByLabelText("Reason")).toBeInTheDocument();
    await expect(canvas.getByLabelText("Message")).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.change(canvas.getByLabelText("Message"), { target: { value: "Too short." } });
    fireEvent.click(canvas.getByRole("button", { name: "Send" }));
    await expect(canvas.getByLabelText("Reason").getAttribute("aria-invalid")).toBe("true");
    await expect(canvas.getByLabelText("Message").getAttribute("aria-invalid")).toBe("true");
  },
};

export const ReportingAnError: Story = {
  args: { errorId: "01HZX3K9-demo" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Error id: 01HZX3K9-demo")).toBeInTheDocument();
    await expect((canvas.getByLabelText("Reason") as HTMLSelectElement).value).toBe("report-technical-bug");
  },
};

/** The team has its own support contact: it shows instead of the form. */
export const CustomSupportContact: Story = {
  parameters: { user: withSupport },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("dialog", { name: "Your support contact" })).toBeInTheDocument();
    await expect(canvas.getByText("Sam Support")).toBeInTheDocument();
    fireEvent.click(canvas.getByRole("button", { name: "Write to Fairdraw instead" }));
    await expect(canvas.getByLabelText("Message")).toBeInTheDocument();
  },
};

export const Forced: Story = {
  parameters: { user: withSupport },
  args: { forced: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("dialog", { name: "Contact us" })).toBeInTheDocument();
  },
};
