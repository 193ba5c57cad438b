import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  AccountNeedsReconnect,
  MessageRefused,
  NetworkUnavailable,
  PostUnavailable,
  RateLimited,
} from "../../../../api/drivers/errors";
import {
  graphError,
  PermissionMissing,
  readSignedRequest,
  signRequest,
  usageWaitMs,
  validHubSignature,
} from "../../../../api/drivers/shared/meta-graph";

const SECRET = "app-secret";
const err = (code: number, sub?: number) => ({
  error: { message: "x", code, ...(sub ? { error_subcode: sub } : {}) },
});

describe("Graph errors as data", () => {
  it("maps each documented code to what the caller must do", () => {
    const none = new Headers();
    for (const code of [4, 17, 32, 613, 80001])
      expect(graphError("t", 400, err(code), none)).toBeInstanceOf(RateLimited);
    expect(graphError("t", 400, err(190, 463), none)).toBeInstanceOf(AccountNeedsReconnect);
    expect(graphError("t", 400, err(190), none)).not.toBeInstanceOf(PermissionMissing);
    for (const code of [10, 200, 299])
      expect(graphError("t", 403, err(code), none)).toBeInstanceOf(PermissionMissing);
    expect(graphError("t", 400, err(100, 33), none)).toBeInstanceOf(PostUnavailable);
    expect(graphError("t", 400, err(10900), none)).toBeInstanceOf(MessageRefused);
    expect(graphError("t", 500, err(2), none)).toBeInstanceOf(NetworkUnavailable);
    expect(graphError("t", 400, err(100), none)).toBeInstanceOf(NetworkUnavailable);
  });

  it("waits as the usage headers say, and a minute when they say nothing", () => {
    const buc = new Headers({
      "x-business-use-case-usage": JSON.stringify({
        "1": [{ estimated_time_to_regain_access: 3 }, { estimated_time_to_regain_access: 12 }],
      }),
    });
    expect(usageWaitMs(buc)).toBe(12 * 60_000);
    expect(usageWaitMs(new Headers({ "x-page-usage": JSON.stringify({ call_count: 100 }) }))).toBe(3_600_000);
    expect(usageWaitMs(new Headers({ "x-app-usage": JSON.stringify({ call_count: 40 }) }))).toBe(60_000);
    expect(usageWaitMs(new Headers({ "x-app-usage": "not json" }))).toBe(60_000);
  });
});

describe("Meta's signatures", () => {
  it("accepts X-Hub-Signature-256 only over the exact raw body with the app secret", () => {
    const body = '{"object":"page","entry":[]}';
    const good = `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
    expect(validHubSignature(body, good, SECRET)).toBe(true);
    expect(validHubSignature(`${body} `, good, SECRET)).toBe(false);
    expect(validHubSignature(body, good, "other")).toBe(false);
    expect(validHubSignature(body, good.replace("sha256=", "sha1="), SECRET)).toBe(false);
    expect(validHubSignature(body, "sha256=zz", SECRET)).toBe(false);
    expect(validHubSignature(body, undefined, SECRET)).toBe(false);
    expect(validHubSignature(body, good, "")).toBe(false);
  });

  it("reads a signed_request signed with the app secret, and nothing else", () => {
    const signed = signRequest(
      { algorithm: "HMAC-SHA256", issued_at: 1_700_000_000, user_id: "1022" },
      SECRET,
    );
    expect(readSignedRequest(signed, SECRET)).toEqual({
      user_id: "1022",
      algorithm: "HMAC-SHA256",
      issued_at: 1_700_000_000,
    });
    expect(readSignedRequest(signed, "other")).toBeNull();
    expect(readSignedRequest(`${signed}.x`, SECRET)).toBeNull();
    expect(readSignedRequest("nodot", SECRET)).toBeNull();
    expect(readSignedRequest(signRequest({ algorithm: "none", user_id: "1" }, SECRET), SECRET)).toBeNull();
    expect(readSignedRequest(signRequest({ algorithm: "HMAC-SHA256" }, SECRET), SECRET)).toBeNull();
    // A numeric user id is read as text.
    expect(
      readSignedRequest(signRequest({ algorithm: "HMAC-SHA256", user_id: 42 }, SECRET), SECRET)?.user_id,
    ).toBe("42");
  });
});
