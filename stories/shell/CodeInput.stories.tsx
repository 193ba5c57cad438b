import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fireEvent, within } from "storybook/test";
import { CodeInput, type CodeInputProps } from "../../web/src/widgets/CodeInput";

/** The code input with its value kept, as a page keeps it. */
function Controlled(props: Omit<CodeInputProps, "onChange">) {
  const [value, setValue] = useState(props.value);
  return <CodeInput {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: "Widgets/CodeInput",
  component: Controlled,
  args: { value: "", label: "The 6-digit code", length: 6, pattern: /[0-9]/ },
} satisfies Meta<typeof Controlled>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("textbox")).toHaveLength(6);
  },
};

export const Pasted: Story = {
  play: async ({ canvasElement }) => {
    const boxes = within(canvasElement).getAllByRole("textbox") as HTMLInputElement[];
    fireEvent.paste(boxes[0] as HTMLInputElement, { clipboardData: { getData: () => "482913" } });
    await expect(boxes.map((b) => b.value).join("")).toBe("482913");
  },
};

export const Invalid: Story = {
  args: { value: "123", invalid: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("group").getAttribute("aria-invalid")).toBe("true");
  },
};

export const Disabled: Story = {
  args: { value: "1234", disabled: true },
  play: async ({ canvasElement }) => {
    for (const box of within(canvasElement).getAllByRole("textbox")) await expect(box).toBeDisabled();
  },
};

/** The default: four letters or digits. */
export const FourCharacters: Story = {
  args: { length: undefined, pattern: undefined, label: "Code" },
  play: async ({ canvasElement }) => {
    const boxes = within(canvasElement).getAllByRole("textbox");
    await expect(boxes).toHaveLength(4);
    await expect(boxes[0]?.getAttribute("inputmode")).toBe("text");
  },
};
