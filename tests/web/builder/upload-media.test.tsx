/**
 * uploadMedia (web/src/builder/api.ts): one multipart POST through XMLHttpRequest, the browser call that reports
 * upload progress. The network is the edge here: XMLHttpRequest is replaced by a scripted one.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../web/src/api/errors";
import { uploadMedia } from "../../../web/src/builder/api";
import { json } from "../../../web/src/testing/fake-api";
import { mockApi } from "../mock-api";

type Answer = { status: number; body: unknown; progress?: [number, number][] };

/** An XMLHttpRequest that answers what the test scripts, in order, and keeps what it was sent. */
function scriptedXhr(answers: Answer[]) {
  const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = "";
    responseType = "";
    withCredentials = false;
    private url = "";
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      sent.push({ url: this.url, headers: this.headers, body });
      const answer = answers.shift();
      queueMicrotask(() => {
        if (!answer) {
          this.onerror?.();
          return;
        }
        for (const [loaded, total] of answer.progress ?? []) {
          this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
        }
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const file = () => new File([new Uint8Array(5000)], "beach.jpg", { type: "image/jpeg" });

describe("uploadMedia", () => {
  it("reports the bytes sent as they go and answers the uploaded file", async () => {
    const sent = scriptedXhr([
      {
        status: 201,
        body: { uuid: "u-1", mime: "image/jpeg", size: 5000 },
        progress: [
          [1000, 5200],
          [5200, 5200],
        ],
      },
    ]);
    const progress: [number, number][] = [];
    const media = await uploadMedia(file(), (s, t) => progress.push([s, t]));
    expect(media).toEqual({ uuid: "u-1", mime: "image/jpeg", size: 5000 });
    expect(progress).toEqual([
      [1000, 5200],
      [5200, 5200],
    ]);
    expect(sent[0]?.url).toBe("/api/v1/upload/contest_builder");
    expect(sent[0]?.headers["X-Requested-With"]).toBe("XMLHttpRequest");
    expect((sent[0]?.body as FormData | undefined)?.get("file")).toBeInstanceOf(File);
  });

  it("throws the route's refusal as an ApiError (413 storage full, 415 type)", async () => {
    scriptedXhr([
      {
        status: 413,
        body: { error: "storageQuotaExceeded", message: "Your team's uploads fill its storage." },
      },
      { status: 415, body: { error: "unsupportedMediaType", message: "This type of file is not accepted." } },
    ]);
    const full = await uploadMedia(file()).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(ApiError);
    expect(full).toMatchObject({ status: 413, key: "storageQuotaExceeded" });
    await expect(uploadMedia(file())).rejects.toMatchObject({ status: 415, key: "unsupportedMediaType" });
  });

  it("refreshes an out-of-date CSRF token and sends the file once more", async () => {
    mockApi({ "GET /refresh_csrf": json({ csrf_token: "fresh-token" }) });
    const sent = scriptedXhr([
      { status: 403, body: { error: "csrfTokenMismatch", message: "CSRF token mismatch." } },
      { status: 201, body: { uuid: "u-2", mime: "image/jpeg", size: 5000 } },
    ]);
    expect(await uploadMedia(file())).toMatchObject({ uuid: "u-2" });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers["X-CSRF-Token"]).toBe("fresh-token");
  });

  it("says the server could not be reached when the request fails", async () => {
    scriptedXhr([]);
    await expect(uploadMedia(file())).rejects.toMatchObject({ status: 0, key: "network" });
  });
});
