import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { outcome, sentences, VALID } from "./helpers";

describe("needed_by", () => {
  it("is always valid, whatever the field and the fields that need it hold", () => {
    const rule =
      "needed_by:sources.$SOURCE.actions.follow.enabled,sources.$SOURCE.winners_private_message.enabled";
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.jsonValue(), (value, follow, message) => {
        const form = {
          sources: [
            { actions: { follow: { enabled: follow } }, winners_private_message: { enabled: message } },
          ],
        };
        expect(outcome({ rule, path: "sources.0.actions.comment.enabled", value, form })).toBe(VALID);
      }),
    );
  });

  it.each(
    sentences([
      { does: "accepts the option off while the fields that need it are on", value: false, on: true },
      { does: "accepts the option on while nothing needs it", value: true, on: false },
    ]),
  )("%s", (_, { value, on }) => {
    const form = { base: { a: on, b: on } };
    expect(outcome({ rule: "boolean|needed_by:base.a,base.b", value, form })).toBe(VALID);
  });
});
