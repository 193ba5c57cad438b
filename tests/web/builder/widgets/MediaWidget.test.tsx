import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import {
  fileOf,
  formWith,
  makeContext,
  WidgetHarness,
  WithProviders,
} from "../../../../stories/builder/widgets/fixtures";
import { ApiError } from "../../../../web/src/api/errors";
import type { UploadedMedia } from "../../../../web/src/builder/form-context";
import { MediaWidget } from "../../../../web/src/builder/widgets/MediaWidget";
import { activateLocale } from "../../../../web/src/i18n/activate";
import { renderWidget, valueAt } from "./render";

beforeAll(() => activateLocale("en"));

type Media = { files: { uuid: string; mime: string; size: number }[]; count: number };

type Upload = (file: File, onProgress?: (sent: number, total: number) => void) => Promise<UploadedMedia>;

function setup(options: { path?: string; upload?: Upload; disabled?: boolean } = {}) {
  const form = formWith([
    {
      id: 100,
      type: "twitter",
      publication: { media: { files: [], count: 0 } },
      winners_private_message: { enabled: true, media: { files: [], count: 0 } },
    },
  ]);
  const ctx = makeContext({ form, provider: "twitter", upload: options.upload });
  const path = options.path ?? "sources.0.publication.media";
  renderWidget({
    widget: MediaWidget,
    ctx,
    path,
    label: "Media",
    schema: { type: "object" },
    disabled: options.disabled,
  });
  const input = screen.getByLabelText("Media") as HTMLInputElement;
  const value = () =>
    path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], ctx.form) as Media;
  const add = (...files: File[]) => fireEvent.change(input, { target: { files } });
  return { ctx, input, value, add };
}

describe("MediaWidget", () => {
  it("uploads a chosen file and shows it with a labelled remove button", async () => {
    const { ctx, value, add } = setup();
    add(fileOf("beach.jpg", 2000, 11));
    await waitFor(() => expect(value().count).toBe(1));
    expect(ctx.calls.uploads.map((f) => f.name)).toEqual(["beach.jpg"]);
    expect(value().files[0]).toMatchObject({ mime: "image/jpeg", size: 2000 });
    expect(screen.getByRole("img", { name: "Uploaded file 1" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove file 1" }));
    expect(value()).toEqual({ files: [], count: 0 });
  });

  it("reuses the uuid of a file already uploaded (same size, same first and last bytes) without uploading it again", async () => {
    const form = formWith([
      {
        id: 100,
        type: "twitter",
        publication: { media: { files: [], count: 0 } },
        closing_publication: { enabled: true, media: { files: [], count: 0 } },
      },
    ]);
    const ctx = makeContext({ form, provider: "twitter" });
    const objectSchema = { type: "object" as const };
    render(
      <WithProviders>
        <WidgetHarness
          widget={MediaWidget}
          ctx={ctx}
          path="sources.0.publication.media"
          label="Main media"
          schema={objectSchema}
        />
        <WidgetHarness
          widget={MediaWidget}
          ctx={ctx}
          path="sources.0.closing_publication.media"
          label="Closing media"
          schema={objectSchema}
        />
      </WithProviders>,
    );
    fireEvent.change(screen.getByLabelText("Main media"), {
      target: { files: [fileOf("logo.png", 3000, 12, "image/png")] },
    });
    await waitFor(() => expect(valueAt(ctx, "sources.0.publication.media.count")).toBe(1));
    fireEvent.change(screen.getByLabelText("Closing media"), {
      target: { files: [fileOf("logo copy.png", 3000, 12, "image/png")] },
    });
    await waitFor(() => expect(valueAt(ctx, "sources.0.closing_publication.media.count")).toBe(1));
    expect(ctx.calls.uploads).toHaveLength(1);
    expect(valueAt(ctx, "sources.0.closing_publication.media.files.0.uuid")).toBe(
      valueAt(ctx, "sources.0.publication.media.files.0.uuid"),
    );
    expect(screen.getByText("logo copy.png was already uploaded: the same file is used.")).toBeTruthy();
  });

  it("keeps a file once in the same publication", async () => {
    const { ctx, value, add } = setup();
    add(fileOf("twice.jpg", 900, 19));
    await waitFor(() => expect(value().count).toBe(1));
    add(fileOf("twice again.jpg", 900, 19));
    expect(await screen.findByText("twice again.jpg is already in this publication.")).toBeTruthy();
    expect(value().count).toBe(1);
    expect(ctx.calls.uploads).toHaveLength(1);
  });

  it("refuses a type that cannot be uploaded, naming the file", () => {
    const { ctx, add } = setup();
    add(fileOf("anim.webp", 100, 13, "image/webp"));
    expect(screen.getByText("anim.webp is not a JPEG, PNG, GIF or MP4 file.")).toBeTruthy();
    expect(ctx.calls.uploads).toEqual([]);
  });

  it("holds at most one file in a private message and says so for the next", async () => {
    const { ctx, value, add, input } = setup({ path: "sources.0.winners_private_message.media" });
    expect(input.multiple).toBe(false);
    add(fileOf("a.jpg", 100, 14), fileOf("b.jpg", 100, 15));
    await waitFor(() => expect(value().count).toBe(1));
    expect(ctx.calls.uploads.map((f) => f.name)).toEqual(["a.jpg"]);
    expect(screen.getByText("b.jpg was not added: this publication holds one file at most.")).toBeTruthy();
    expect(input.disabled).toBe(true);
  });

  it("takes files dropped on it", async () => {
    const { value } = setup();
    const zone = document.querySelector(".media-slots") as HTMLElement;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.className).toContain("is-dragging");
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf("drop.gif", 500, 16, "image/gif")] } });
    await waitFor(() => expect(value().count).toBe(1));
    expect(value().files[0]?.mime).toBe("image/gif");
  });

  it("shows each file's upload progress as a bar, then its thumbnail", async () => {
    let finish: (media: UploadedMedia) => void = () => {};
    let report: (sent: number, total: number) => void = () => {};
    const { value, add } = setup({
      upload: (file, onProgress) =>
        new Promise((resolve) => {
          report = onProgress ?? report;
          finish = resolve;
          void file;
        }),
    });
    add(fileOf("big.jpg", 4000, 21));
    const bar = (await screen.findByRole("progressbar", {
      name: "Uploading big.jpg",
    })) as HTMLProgressElement;
    expect(bar.value).toBe(0);
    act(() => report(1000, 4000));
    expect(bar.value).toBe(1000);
    expect(bar.max).toBe(4000);
    expect(screen.getByText("25%")).toBeTruthy();
    await act(async () => finish({ uuid: "u-big", mime: "image/jpeg", size: 4000 }));
    await waitFor(() => expect(value().count).toBe(1));
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("img", { name: "Uploaded file 1" })).toBeTruthy();
  });

  it("says a refused type (415) on the file itself, and drops it when dismissed", async () => {
    const { value, add } = setup({
      upload: async () => {
        throw new ApiError(415, {
          error: "unsupportedMediaType",
          message: "This type of file is not accepted.",
        });
      },
    });
    add(fileOf("broken.mp4", 700, 17, "video/mp4"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("broken.mp4: This type of file is not accepted.");
    expect(screen.queryByText("The upload of broken.mp4 failed")).toBeNull();
    expect(value().count).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss broken.mp4" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says a full storage (413) in place with the upgrade link, and uploads again on retry", async () => {
    let calls = 0;
    const { value, add, ctx } = setup({
      upload: async (file) => {
        calls += 1;
        if (calls === 1) {
          throw new ApiError(413, {
            error: "storageQuotaExceeded",
            message: "Your team's uploads fill its storage (1 GB).",
          });
        }
        return { uuid: "u-after", mime: file.type, size: file.size };
      },
    });
    add(fileOf("poster.png", 800, 22, "image/png"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("poster.png: Your team's uploads fill its storage (1 GB).");
    expect(screen.getByRole("link", { name: "Upgrade the plan" }).getAttribute("href")).toBe(
      "/team/subscription",
    );
    fireEvent.click(screen.getByRole("button", { name: "Try poster.png again" }));
    await waitFor(() => expect(value().count).toBe(1));
    expect(ctx.calls.uploads).toHaveLength(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("leaves an unexpected failure to the error alert, naming the file", async () => {
    const { value, add } = setup({
      upload: async () => {
        throw new ApiError(500, { error: "internal", message: "Something broke." });
      },
    });
    add(fileOf("odd.jpg", 700, 23));
    expect(await screen.findByText("The upload of odd.jpg failed")).toBeTruthy();
    expect(value().count).toBe(0);
  });

  it("reaches the file input from the keyboard, described by what it takes", () => {
    const { input } = setup();
    input.focus();
    expect(document.activeElement).toBe(input);
    const hint = document.getElementById(input.getAttribute("aria-describedby")?.split(" ")[0] ?? "");
    expect(hint?.textContent).toBe("You can add 4 more files. JPEG, PNG, GIF or MP4, up to 200 MB each.");
  });

  it("asks for the check once the slot changed", async () => {
    const { ctx, add, value } = setup();
    add(fileOf("c.jpg", 100, 18));
    await waitFor(() => expect(value().count).toBe(1));
    await waitFor(() => expect(ctx.calls.blurs).toEqual(["sources.0.publication.media"]));
  });

  it("takes no file while disabled", () => {
    const { input } = setup({ disabled: true });
    expect(input.disabled).toBe(true);
  });
});
