import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, waitFor, within } from "storybook/test";
import { ApiError } from "../../../web/src/api/errors";
import { MediaWidget } from "../../../web/src/builder/widgets/MediaWidget";
import { fileOf, formWith, WidgetStory } from "./fixtures";
import { expectDisabled } from "./plays";

const PATH = "sources.0.publication.media";
const file = (uuid: string, mime = "image/png") => ({ uuid, mime, size: 1000 });
const twitter = (files: ReturnType<typeof file>[]) =>
  formWith([{ id: 100, type: "twitter", publication: { media: { files, count: files.length } } }]);

const meta = {
  title: "Builder/Widgets/Media",
  component: WidgetStory,
  args: {
    widget: MediaWidget,
    path: PATH,
    label: "Media",
    schema: { type: "object" },
    context: { form: twitter([]), provider: "twitter" },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.change(canvas.getByLabelText("Media"), { target: { files: [fileOf("story-a.jpg", 400, 31)] } });
    await waitFor(() => expect(canvas.getByRole("img", { name: "Uploaded file 1" })).toBeInTheDocument());
    fireEvent.change(canvas.getByLabelText("Media"), {
      target: { files: [fileOf("story-a copy.jpg", 400, 31)] },
    });
    await waitFor(() =>
      expect(canvas.getByText("story-a copy.jpg is already in this publication.")).toBeInTheDocument(),
    );
  },
};

export const Filled: Story = {
  args: { context: { form: twitter([file("one"), file("two"), file("three")]), provider: "twitter" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/You can add 1 more file\./)).toBeInTheDocument();
    fireEvent.click(canvas.getByRole("button", { name: "Remove file 2" }));
    await expect(canvas.getAllByRole("img")).toHaveLength(2);
  },
};

export const Full: Story = {
  args: { context: { form: twitter([file("a"), file("b"), file("c"), file("d")]), provider: "twitter" } },
  play: expectDisabled((canvas) => canvas.getByLabelText("Media")),
};

export const Invalid: Story = {
  args: {
    context: {
      form: twitter([file("v1", "video/mp4"), file("i1")]),
      provider: "twitter",
      errors: { [PATH]: [{ key: "validation.pub_media.mix", rule: "pub_media" }] },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Media")).toHaveAttribute("aria-invalid", "true");
    fireEvent.change(canvas.getByLabelText("Media"), {
      target: { files: [fileOf("clip.webm", 10, 32, "video/webm")] },
    });
    await expect(canvas.getByText("clip.webm is not a JPEG, PNG, GIF or MP4 file.")).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: twitter([file("x")]), provider: "twitter" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Media")).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Remove file 1" })).toBeDisabled();
  },
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByLabelText("Media")),
};

/** A file on its way: its own progress bar, stopped half-way (the upload never answers). */
export const Uploading: Story = {
  args: {
    context: {
      form: twitter([file("done")]),
      provider: "twitter",
      upload: (_file, onProgress) => {
        onProgress?.(600, 1200);
        return new Promise(() => undefined);
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.change(canvas.getByLabelText("Media"), {
      target: { files: [fileOf("holiday.jpg", 1200, 33)] },
    });
    const bar = await canvas.findByRole("progressbar", { name: "Uploading holiday.jpg" });
    await waitFor(() => expect(bar).toHaveAttribute("value", "600"));
  },
};

/** The team's storage is full (413): said on the file, with a retry and the upgrade link. */
export const StorageFull: Story = {
  args: {
    context: {
      form: twitter([]),
      provider: "twitter",
      upload: async () => {
        throw new ApiError(413, {
          error: "storageQuotaExceeded",
          message: "Your team's uploads fill its storage (1 GB). Delete media or upgrade your plan.",
        });
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.change(canvas.getByLabelText("Media"), { target: { files: [fileOf("poster.jpg", 900, 34)] } });
    await expect(await canvas.findByRole("alert")).toHaveTextContent("poster.jpg: Your team's uploads fill");
    await expect(canvas.getByRole("link", { name: "Upgrade the plan" })).toBeInTheDocument();
  },
};
