import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  canonicalEntrantIds,
  entrantsHash,
  entrantsListText,
  newSeed,
  seedCommitment,
  sha256Hex,
  sha256HexOfLines,
} from "../../../engine/lifecycle";

describe("sha256Hex", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
    ["héllo", "3c48591d8d098a4538f5e013dfcf406e948eac4d3277b10bf614e295d6068179"],
  ])("hashes %j as the SHA-256 of its UTF-8 bytes, in lowercase hex", (text, hex) => {
    expect(sha256Hex(text)).toBe(hex);
  });
});

describe("newSeed", () => {
  it("writes the 32 random bytes it is given as 64 lowercase hex characters", () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i * 8);
    const seed = newSeed((n) => (n === 32 ? bytes : new Uint8Array(n)));
    expect(seed).toBe("0008101820283038404850586068707880889098a0a8b0b8c0c8d0d8e0e8f0f8");
  });

  it("refuses a random source that gives the wrong number of bytes", () => {
    expect(() => newSeed(() => new Uint8Array(16))).toThrow(RangeError);
  });

  it("gives different seeds from a real random source", () => {
    const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
    expect(newSeed(random)).not.toBe(newSeed(random));
    expect(newSeed(random)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("seedCommitment", () => {
  it("is the SHA-256 of the seed's hex text", () => {
    const seed = "9f2c4e1a7b3d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8";
    expect(seedCommitment(seed)).toBe("089a044f5f6191f39c4993cb2d6139d76ff6b0653cc5b4fcb7d5479c4d15784f");
    expect(seedCommitment(seed)).toBe(sha256Hex(seed));
  });
});

describe("the canonical entrants list", () => {
  it("sorts ids by UTF-16 code unit, not by locale", () => {
    expect(entrantsListText(["b", "é", "B", "a", "Z", "twitter:10", "twitter:9"])).toBe(
      "B\nZ\na\nb\ntwitter:10\ntwitter:9\né",
    );
  });

  it("keeps each id once", () => {
    expect(canonicalEntrantIds(["x:2", "x:1", "x:2", "x:1", "x:3"])).toEqual(["x:1", "x:2", "x:3"]);
  });

  it("is empty text for no entrant and has no final line break", () => {
    expect(entrantsListText([])).toBe("");
    expect(entrantsListText(["x:1"])).toBe("x:1");
  });

  it("does not depend on the order the ids come in", () => {
    expect(entrantsHash(["a:1", "b:2", "c:3"])).toBe(entrantsHash(["c:3", "a:1", "b:2", "a:1"]));
  });

  it("hashes the canonical text", () => {
    expect(entrantsHash(["twitter:2", "twitter:1"])).toBe(sha256Hex("twitter:1\ntwitter:2"));
  });

  it("refuses an id holding a line break, which would make the published list ambiguous", () => {
    expect(() => entrantsListText(["a", "b\nc"])).toThrow(RangeError);
  });

  it("leaves the caller's list untouched", () => {
    const ids = ["c", "a", "b"];
    canonicalEntrantIds(ids);
    expect(ids).toEqual(["c", "a", "b"]);
  });
});

describe("engine/lifecycle", () => {
  it("imports nothing that only Node has, so the /verify page can run it in a browser", () => {
    const dir = path.resolve(import.meta.dirname, "../../../engine/lifecycle");
    const files = readdirSync(dir, { recursive: true }).map(String);
    for (const file of files.filter((f) => f.endsWith(".ts"))) {
      const text = readFileSync(path.join(dir, file), "utf8");
      const imports = [...text.matchAll(/from "([^"]+)"/g)].map((m) => m[1] ?? "");
      for (const spec of imports) {
        expect(spec.startsWith(".") || spec.startsWith("@noble/hashes/"), `${file} imports ${spec}`).toBe(
          true,
        );
        expect(spec).not.toMatch(/engine\/node|^node:/);
      }
    }
  });
});

describe("sha256HexOfLines", () => {
  it("hashes lines in chunks to the same digest as hashing the joined text", () => {
    for (const n of [0, 1, 2, 2047, 2048, 2049, 5000]) {
      const lines = Array.from({ length: n }, (_, i) => `bluesky:did:plc:${i.toString(36)}é`);
      expect(sha256HexOfLines(lines)).toBe(sha256Hex(lines.join("\n")));
    }
  });
});
