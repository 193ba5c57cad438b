/**
 * The number the builder knows an account by (publication.account_id, a number above 0): a numeric external id is
 * itself, a text one (a YouTube channel's `UC…`, a Bluesky DID) is 52 bits of its SHA-256, and a form's number
 * finds the account it was given for.
 */
import { describe, expect, it } from "vitest";
import { accountNumber } from "../../api/drivers/bluesky/profiles";
import { isPublicationAccount, publicationAccountId } from "../../api/services/publication-account";

describe("publicationAccountId", () => {
  it("keeps a numeric external id as it is", () => {
    expect(publicationAccountId("1001")).toBe(1001);
    expect(publicationAccountId("4503599627370495")).toBe(4503599627370495);
  });

  it("gives a text id a stable safe number above 0, different for two channels", () => {
    const brand = publicationAccountId("UCbrandbrandbrandbrand01");
    expect(Number.isSafeInteger(brand) && brand > 0).toBe(true);
    expect(publicationAccountId("UCbrandbrandbrandbrand01")).toBe(brand);
    expect(publicationAccountId("UCotherotherotherother02")).not.toBe(brand);
  });

  it("hashes a numeric id too large for a JSON number rather than rounding it", () => {
    const id = publicationAccountId("18000000000000000001");
    expect(Number.isSafeInteger(id)).toBe(true);
    expect(String(id)).not.toBe("18000000000000000001");
  });

  it("is the number Bluesky made of a DID before it was shared, so stored Bluesky ids still match", () => {
    const did = "did:plc:ewvi7nxzyoun6zhxrhs64oiz";
    // 52 bits of SHA-256(DID), as api/drivers/bluesky/profiles.ts computed it on its own.
    expect(accountNumber(did)).toBe("169208467344738");
    expect(publicationAccountId(did)).toBe(169208467344738);
  });
});

describe("isPublicationAccount", () => {
  it("finds the account by the number the builder sent, as a number or as text", () => {
    const n = publicationAccountId("UCbrandbrandbrandbrand01");
    expect(isPublicationAccount(n, "UCbrandbrandbrandbrand01")).toBe(true);
    expect(isPublicationAccount(String(n), "UCbrandbrandbrandbrand01")).toBe(true);
    expect(isPublicationAccount(1001, "1001")).toBe(true);
  });

  it("refuses another account's number, and what is not a number", () => {
    expect(isPublicationAccount(1002, "1001")).toBe(false);
    expect(
      isPublicationAccount(publicationAccountId("UCotherotherotherother02"), "UCbrandbrandbrandbrand01"),
    ).toBe(false);
    expect(isPublicationAccount(null, "1001")).toBe(false);
    expect(isPublicationAccount("", "UCbrandbrandbrandbrand01")).toBe(false);
  });
});
