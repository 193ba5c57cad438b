import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const ALONE = { key: "validation.needs_any" };

describe("needs_any", () => {
  const rule =
    "boolean|needs_any:sources.$SOURCE.actions.comment.enabled,sources.$SOURCE.actions.follow.enabled";
  const path = "sources.0.winners_private_message.enabled";
  const actions = (comment: unknown, follow: unknown) => ({
    sources: [{ actions: { comment: { enabled: comment }, follow: { enabled: follow } } }],
  });

  it.each(
    sentences<{ does: string; value: unknown; comment: unknown; follow: unknown; expected: Outcome }>([
      {
        does: "refuses the option on while none of the fields it needs is on",
        value: true,
        comment: false,
        follow: false,
        expected: ALONE,
      },
      {
        does: "refuses the option on while the fields it needs are missing",
        value: true,
        comment: undefined,
        follow: undefined,
        expected: ALONE,
      },
      {
        does: "accepts the option on with the first field on",
        value: true,
        comment: true,
        follow: false,
        expected: VALID,
      },
      {
        does: "accepts the option on with any other listed field on",
        value: true,
        comment: false,
        follow: true,
        expected: VALID,
      },
      { does: "accepts the option off", value: false, comment: false, follow: false, expected: VALID },
      { does: "accepts the option empty", value: null, comment: false, follow: false, expected: VALID },
    ]),
  )("%s", (_, { value, comment, follow, expected }) => {
    expect(outcome({ rule, path, value, form: actions(comment, follow) })).toEqual(expected);
  });

  it('says "Can\'t be checked alone."', () => {
    expect(englishText({ rule, path, value: true, form: actions(false, false) })).toBe(
      "Can't be checked alone.",
    );
  });

  it("looks only at the fields of its own source", () => {
    const form = {
      sources: [{ actions: { comment: { enabled: true } } }, { actions: { comment: { enabled: false } } }],
    };
    expect(outcome({ rule, path: "sources.1.winners_private_message.enabled", value: true, form })).toEqual(
      ALONE,
    );
  });
});
