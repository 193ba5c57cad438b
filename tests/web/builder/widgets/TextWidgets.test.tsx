import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { formWith, makeContext } from "../../../../stories/builder/widgets/fixtures";
import { TextareaWidget } from "../../../../web/src/builder/widgets/TextareaWidget";
import { TextWidget } from "../../../../web/src/builder/widgets/TextWidget";
import { TweetTextWidget } from "../../../../web/src/builder/widgets/TweetTextWidget";
import { activateLocale } from "../../../../web/src/i18n/activate";
import { renderWidget } from "./render";

beforeAll(() => activateLocale("en"));

const twitter = (content = "") =>
  formWith([{ id: 100, type: "twitter", publication: { content, media: { files: [], count: 0 } } }]);
const facebook = (content = "") =>
  formWith([{ id: 100, type: "facebook", publication: { content, media: { files: [], count: 0 } } }]);

function renderTweet(options: Parameters<typeof makeContext>[0] = {}, content = "") {
  const ctx = makeContext({ form: twitter(content), provider: "twitter", ...options });
  renderWidget({ widget: TweetTextWidget, ctx, path: "sources.0.publication.content", label: "Text" });
  return { ctx, box: screen.getByRole("textbox") as HTMLTextAreaElement };
}

function paste(box: HTMLTextAreaElement, text: string) {
  const event = new Event("paste", { bubbles: true, cancelable: true });
  Object.assign(event, { clipboardData: { getData: () => text } });
  act(() => {
    box.dispatchEvent(event);
  });
  return event;
}

describe("TweetTextWidget", () => {
  it("counts the text as twitter weighs it, a link 23 characters", () => {
    renderTweet();
    const box = screen.getByRole("textbox");
    fireEvent.change(box, { target: { value: "Win! https://example.com/a/very/long/link" } });
    expect(screen.getByText("28 / 280")).toBeTruthy();
  });

  it("keeps the count before the limit in Arabic (a left-to-right island in the right-to-left line)", async () => {
    await activateLocale("ar");
    try {
      const { box } = renderTweet();
      fireEvent.change(box, { target: { value: "abc" } });
      const counter = document.querySelector(".text-counter-value");
      expect(counter?.getAttribute("dir")).toBe("ltr");
      expect(counter?.textContent?.replace(/\s/g, "")).toMatch(/^(3|٣)\/(280|٢٨٠)$/);
    } finally {
      await activateLocale("en");
    }
  });

  it("shows the text over the limit without stopping the typing", () => {
    const { box } = renderTweet();
    fireEvent.change(box, { target: { value: "x".repeat(290) } });
    expect(box.value).toHaveLength(290);
    expect(screen.getByText("290 / 280")).toBeTruthy();
    expect(screen.getByText("10 characters too many")).toBeTruthy();
    // The count and the excess are two elements: "290 / 280" and the pill never read as one number.
    expect(document.querySelector(".text-counter-over")?.previousElementSibling?.textContent).toBe(
      "290 / 280",
    );
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("The text is over the limit.");
  });

  it("takes its maximum from the field's rule (5000 for a private message)", () => {
    const ctx = makeContext({ form: twitter(), provider: "twitter" });
    renderWidget({
      widget: TweetTextWidget,
      ctx,
      path: "sources.0.winners_private_message.content",
      label: "Message",
    });
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "Hi {NAME}" } });
    expect(screen.getByText("19 / 5,000")).toBeTruthy();
  });

  it("asks the builder to check the field when it is left, never on a keystroke", () => {
    const { ctx, box } = renderTweet();
    fireEvent.change(box, { target: { value: "abc" } });
    fireEvent.change(box, { target: { value: "abcd" } });
    expect(ctx.calls.blurs).toEqual([]);
    fireEvent.blur(box);
    expect(ctx.calls.blurs).toEqual(["sources.0.publication.content"]);
  });

  it("shows the field's error state from the builder's errors", () => {
    renderTweet({
      errors: { "sources.0.publication.content": [{ key: "validation.required", rule: "required" }] },
    });
    expect(screen.getByRole("textbox").getAttribute("aria-invalid")).toBe("true");
  });

  it("is read-only when the field is disabled", () => {
    const ctx = makeContext({ form: twitter("Hello"), provider: "twitter" });
    renderWidget({
      widget: TweetTextWidget,
      ctx,
      path: "sources.0.publication.content",
      label: "Text",
      disabled: true,
    });
    expect((screen.getByRole("textbox") as HTMLTextAreaElement).disabled).toBe(true);
  });
});

describe("TextareaWidget and TextWidget", () => {
  it("counts characters against a between rule (facebook: 1000)", () => {
    const ctx = makeContext({ form: facebook(), provider: "facebook" });
    renderWidget({ widget: TextareaWidget, ctx, path: "sources.0.publication.content", label: "Text" });
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "Win 😀 https://example.com" } });
    expect(screen.getByText("25 / 1,000")).toBeTruthy();
  });

  it("counts the contest name against its 50 characters", () => {
    const ctx = makeContext();
    renderWidget({ widget: TextWidget, ctx, path: "base.name", label: "Name" });
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "Summer giveaway" } });
    expect(screen.getByText("15 / 50")).toBeTruthy();
    expect(ctx.form.base.name).toBe("Summer giveaway");
  });
});

describe("shortlinks on paste", () => {
  it("replaces a pasted link at once when the team always wants shortlinks", async () => {
    const { ctx, box } = renderTweet({ createShortlinksOnPaste: "always" }, "Join ");
    box.setSelectionRange(5, 5);
    const event = paste(box, "https://shop.example.com/summer");
    expect(event.defaultPrevented).toBe(true);
    await waitFor(() => expect(box.value).toBe("Join https://fdraw.co/k1"));
    expect(ctx.calls.shortlinks).toEqual(["https://shop.example.com/summer"]);
  });

  it("asks first when the team wants to be asked, and replaces on yes", async () => {
    const { ctx, box } = renderTweet({ createShortlinksOnPaste: "always_ask" });
    paste(box, "See https://shop.example.com/a");
    expect(box.value).toBe("See https://shop.example.com/a");
    expect(ctx.calls.shortlinks).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Use a shortlink" }));
    await waitFor(() => expect(box.value).toBe("See https://fdraw.co/k1"));
  });

  it("keeps the link when the person declines", () => {
    const { ctx, box } = renderTweet({ createShortlinksOnPaste: null });
    paste(box, "https://shop.example.com/a");
    fireEvent.click(screen.getByRole("button", { name: "Keep the link" }));
    expect(box.value).toBe("https://shop.example.com/a");
    expect(screen.queryByRole("button", { name: "Use a shortlink" })).toBeNull();
    expect(ctx.calls.shortlinks).toEqual([]);
  });

  it("leaves the paste to the browser when the team never wants shortlinks", () => {
    const { ctx, box } = renderTweet({ createShortlinksOnPaste: "never" });
    const event = paste(box, "https://shop.example.com/a");
    expect(event.defaultPrevented).toBe(false);
    expect(screen.queryByRole("button", { name: "Use a shortlink" })).toBeNull();
    expect(ctx.calls.shortlinks).toEqual([]);
  });

  it("leaves links already on a short domain alone", () => {
    const { ctx, box } = renderTweet({ createShortlinksOnPaste: "always" });
    const event = paste(box, "https://fdr.aw/abc");
    expect(event.defaultPrevented).toBe(false);
    expect(ctx.calls.shortlinks).toEqual([]);
  });
});
