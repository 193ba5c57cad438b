import { afterEach, describe, expect, it } from "vitest";
import { publicUrl } from "../../../web/src/public-url";
import { inviteLink } from "../../../web/src/team/format";

afterEach(() => document.head.querySelector('meta[name="fairdraw-public-url"]')?.remove());

describe("the public address the app hands out", () => {
  it("is the PUBLIC_URL the server wrote into the page, not the browser's own address", () => {
    const meta = document.createElement("meta");
    meta.name = "fairdraw-public-url";
    meta.content = "https://draw.example/";
    document.head.append(meta);
    expect(publicUrl()).toBe("https://draw.example");
    expect(inviteLink("abc")).toBe("https://draw.example/invite/abc");
  });

  it("falls back to the page's origin without it (the Vite dev server)", () => {
    expect(inviteLink("abc")).toBe(`${window.location.origin}/invite/abc`);
  });
});
