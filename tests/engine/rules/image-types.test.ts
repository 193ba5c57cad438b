import { describe, expect, it } from "vitest";
import { englishText, file, media, type Outcome, outcome, sentences, VALID } from "./helpers";

const path = "sources.0.publication.media";
const ONLY_JPEG = { key: "validation.image_types", values: { types: "JPEG" } };

describe("image_types", () => {
  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      { does: "accepts a JPEG image", value: media(file("image/jpeg")), expected: VALID },
      { does: "refuses a PNG image", value: media(file("image/png")), expected: ONLY_JPEG },
      {
        does: "refuses a PNG among JPEG images",
        value: media(file("image/jpeg"), file("image/png")),
        expected: ONLY_JPEG,
      },
      { does: "leaves videos to pub_media", value: media(file("video/mp4")), expected: VALID },
      {
        does: "leaves a type no network takes to pub_media",
        value: media(file("image/webp")),
        expected: VALID,
      },
      { does: "lets a slot without a files list pass", value: { count: 0 }, expected: VALID },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule: "image_types:jpeg", path, value })).toEqual(expected);
  });

  it("names the formats it takes in the message", () => {
    expect(englishText({ rule: "image_types:jpeg", path, value: media(file("image/png")) })).toBe(
      "Only JPEG images can be published on this network: save this image as JPEG and add it again.",
    );
  });
});
