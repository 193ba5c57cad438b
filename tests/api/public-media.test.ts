import { afterEach, describe, expect, it } from "vitest";
import { checkPublicMedia, PUBLIC_MEDIA_TTL_SECONDS, publicMediaUrl } from "../../api/services/public-media";
import { signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
afterEach(() => t.cleanup());

const BOUNDARY = "----FairdrawPublicMedia";
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const START = new Date("2026-11-28T09:00:00Z");

/** An app whose clock the test moves, with one PNG uploaded by a signed-in team member: its uuid. */
async function appWithUpload(): Promise<{ uuid: string; at: { now: Date } }> {
  const at = { now: START };
  t = await createTestApp({ clock: () => at.now, env: { publicUrl: "https://fairdraw.example" } });
  const s = await signIn(t, "olive@brand.example", "Olive");
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n` +
        "Content-Type: image/png\r\n\r\n",
    ),
    PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const res = await t.app.request("/api/v1/upload", {
    method: "POST",
    headers: {
      cookie: s.cookie,
      "x-csrf-token": s.csrf,
      "x-requested-with": "XMLHttpRequest",
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
    },
    body: new Uint8Array(body),
  });
  expect(res.status).toBe(201);
  return { uuid: ((await res.json()) as { uuid: string }).uuid, at };
}

function urlFor(uuid: string, now: Date, key = t.env.accountSecretKey): URL {
  return new URL(publicMediaUrl({ publicUrl: t.env.publicUrl, accountSecretKey: key, uploadId: uuid, now }));
}

/** The address asked of the app, without any session (as Meta's servers ask it). */
async function fetchPublic(url: URL): Promise<Response> {
  return t.app.request(`${url.pathname}${url.search}`);
}

describe("an upload served at a signed, expiring address", () => {
  it("is under PUBLIC_URL and serves the bytes with their type, without a session, until it expires", async () => {
    const { uuid } = await appWithUpload();
    const url = urlFor(uuid, START);
    expect(url.origin).toBe("https://fairdraw.example");
    expect(url.pathname).toBe(`/api/v1/media/${uuid}`);
    expect(Number(url.searchParams.get("expires"))).toBe(START.getTime() / 1000 + PUBLIC_MEDIA_TTL_SECONDS);

    const res = await fetchPublic(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe(`public, max-age=${PUBLIC_MEDIA_TTL_SECONDS}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
  });

  it("answers 404 once the address has expired, and is never cached past its expiry", async () => {
    const { uuid, at } = await appWithUpload();
    const url = urlFor(uuid, START);
    at.now = new Date(START.getTime() + (PUBLIC_MEDIA_TTL_SECONDS - 60) * 1000);
    const late = await fetchPublic(url);
    expect(late.status).toBe(200);
    expect(late.headers.get("cache-control")).toBe("public, max-age=60");
    at.now = new Date(START.getTime() + PUBLIC_MEDIA_TTL_SECONDS * 1000);
    const expired = await fetchPublic(url);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toMatchObject({ error: expect.anything() });
  });

  it("answers 404 to a tampered signature, a moved expiry, another upload's id or another key's signature", async () => {
    const { uuid } = await appWithUpload();
    const url = urlFor(uuid, START);
    const signature = url.searchParams.get("signature") ?? "";

    const flipped = new URL(url);
    flipped.searchParams.set("signature", `${signature[0] === "a" ? "b" : "a"}${signature.slice(1)}`);
    expect((await fetchPublic(flipped)).status).toBe(404);

    const later = new URL(url);
    later.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 86400));
    expect((await fetchPublic(later)).status).toBe(404);

    const other = new URL(url);
    other.pathname = "/api/v1/media/00000000-0000-4000-8000-000000000000";
    expect((await fetchPublic(other)).status).toBe(404);

    expect((await fetchPublic(urlFor(uuid, START, "another-key-another-key-another-key"))).status).toBe(404);

    const bare = new URL(url);
    bare.search = "";
    expect((await fetchPublic(bare)).status).toBe(404);
  });

  it("answers 404 to a well-signed address whose upload is gone", async () => {
    await appWithUpload();
    const res = await fetchPublic(urlFor("5b1e0f7a-0000-4000-8000-000000000001", START));
    expect(res.status).toBe(404);
  });
});

describe("checking a public media address", () => {
  const key = "k".repeat(40);
  const now = new Date("2026-11-28T09:00:00Z");
  const parts = (url: string) => {
    const u = new URL(url);
    return { expires: u.searchParams.get("expires") ?? "", signature: u.searchParams.get("signature") ?? "" };
  };

  it("tells valid, expired and a bad signature apart", () => {
    const url = publicMediaUrl({
      publicUrl: "https://x.example",
      accountSecretKey: key,
      uploadId: "u1",
      now,
    });
    const { expires, signature } = parts(url);
    const check = (at: Date, sig = signature, exp: string | null = expires) =>
      checkPublicMedia({
        accountSecretKey: key,
        uploadId: "u1",
        expires: exp ?? undefined,
        signature: sig,
        now: at,
      });
    expect(check(now)).toBe("valid");
    expect(check(new Date(now.getTime() + PUBLIC_MEDIA_TTL_SECONDS * 1000))).toBe("expired");
    expect(check(now, signature.toUpperCase())).toBe("bad_signature");
    expect(check(now, signature.slice(2))).toBe("bad_signature");
    expect(check(now, signature, "1e12")).toBe("bad_signature");
    expect(check(now, signature, null)).toBe("bad_signature");
  });
});
