import { describe, expect, it } from "vitest";
import { mentionedAccounts } from "../../../engine/text/mentions";
import { definition } from "./providers";

const twitter = definition("twitter");
const bluesky = definition("bluesky");
const read = (text: string, network: typeof twitter | undefined = twitter, self?: string) => [
  ...mentionedAccounts(text, network, self),
];

describe("mentionedAccounts: the mention grammar of a network's handle rule", () => {
  it("reads mentions written one against the other, each once, case ignored where the network ignores it", () => {
    expect(read("@alice,@Bob and @ALICE")).toEqual(["alice", "bob"]);
  });

  it("finds no mention inside an e-mail address or after another @", () => {
    expect(read("write to contact@brand.com or @@nobody")).toEqual([]);
  });

  it("leaves out a name longer than the rule allows, and the entrant's own account", () => {
    expect(read("@abcdefghijklmnopqrstu @alice", twitter, "@Alice")).toEqual([]);
  });

  it("reads a domain handle without the sentence's final dot, and completes a short one with the suffix", () => {
    expect(read("Thanks @alice.bsky.social. And @news.example.com!", bluesky)).toEqual([
      "alice.bsky.social",
      "news.example.com",
    ]);
    expect(read("hi @bob", bluesky)).toEqual(["bob.bsky.social"]);
  });

  it("reads words or domain names when no network is given", () => {
    expect([...mentionedAccounts("@alice.example.com. @bob_1", undefined)]).toEqual([
      "alice.example.com",
      "bob_1",
    ]);
  });
});
