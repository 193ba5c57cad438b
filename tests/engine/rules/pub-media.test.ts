import { describe, expect, it } from "vitest";
import { ACCEPTED_MEDIA_TYPES } from "../../../engine/media";
import { file, MB, media, type Outcome, outcome, sentences, VALID } from "./helpers";

const JPEG = "image/jpeg";
const PNG = "image/png";
const GIF = "image/gif";
const MP4 = "video/mp4";
const path = "sources.0.publication.media";

const tooMany = (n: number) => ({ key: "validation.pub_media.too_many", values: { n } });
const tooManyVideos = { key: "validation.pub_media.too_many_videos", values: { n: 1 } };
const MIXED = { key: "validation.pub_media.mixed" };
const NOT_ACCEPTED = { key: "validation.pub_media.type" };
const tooLarge = (n: number) => ({ key: "validation.pub_media.too_large", values: { n } });

describe("pub_media", () => {
  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      { does: "accepts no file", value: media(), expected: VALID },
      { does: "accepts 1 image", value: media(file(JPEG)), expected: VALID },
      {
        does: "accepts 4 images",
        value: media(file(JPEG), file(PNG), file(JPEG), file(PNG)),
        expected: VALID,
      },
      {
        does: "refuses 5 files",
        value: media(file(JPEG), file(PNG), file(JPEG), file(PNG), file(JPEG)),
        expected: tooMany(4),
      },
      { does: "accepts 1 video", value: media(file(MP4)), expected: VALID },
      { does: "refuses 1 video and 1 image together", value: media(file(MP4), file(JPEG)), expected: MIXED },
      { does: "refuses 2 videos", value: media(file(MP4), file("video/webm")), expected: tooManyVideos },
      { does: "accepts 1 GIF", value: media(file(GIF)), expected: VALID },
      {
        does: "counts a GIF as a video next to an image",
        value: media(file(GIF), file(PNG)),
        expected: MIXED,
      },
      {
        does: "counts a GIF as a video next to another GIF",
        value: media(file(GIF), file(GIF)),
        expected: tooManyVideos,
      },
      {
        does: "counts a GIF as a video next to a video",
        value: media(file(GIF), file(MP4)),
        expected: tooManyVideos,
      },
      {
        does: "refuses a type that is not accepted",
        value: media(file("image/webp")),
        expected: NOT_ACCEPTED,
      },
      {
        does: "refuses a document",
        value: media(file(JPEG), file("application/pdf")),
        expected: NOT_ACCEPTED,
      },
      { does: "refuses a file without a type", value: media({ size: MB } as never), expected: NOT_ACCEPTED },
      { does: "accepts a file of exactly 200 MB", value: media(file(MP4, 200 * MB)), expected: VALID },
      {
        does: "refuses a file of 201 MB against the 200 MB default",
        value: media(file(MP4, 201 * MB)),
        expected: tooLarge(200),
      },
      { does: "lets a slot without a files list pass", value: { count: 0 }, expected: VALID },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule: "pub_media", path, value })).toEqual(expected);
  });

  it.each(ACCEPTED_MEDIA_TYPES)("accepts a file of type %s", (mime) => {
    expect(outcome({ rule: "pub_media", path, value: media(file(mime)) })).toBe(VALID);
  });

  it.each(
    sentences<{ does: string; limit: number; expected: Outcome }>([
      {
        does: "accepts a 201 MB file under a $limit.mediaMaxSize of 300 MB",
        limit: 300 * MB,
        expected: VALID,
      },
      {
        does: "refuses a 201 MB file under a $limit.mediaMaxSize of 100 MB",
        limit: 100 * MB,
        expected: tooLarge(100),
      },
    ]),
  )("%s", (_, { limit, expected }) => {
    const value = media(file(MP4, 201 * MB));
    expect(outcome({ rule: "pub_media", path, value, limits: { mediaMaxSize: limit } })).toEqual(expected);
  });

  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      {
        does: "accepts 1 file on a private message (pub_media:1)",
        value: media(file(JPEG)),
        expected: VALID,
      },
      {
        does: "refuses 2 files on a private message (pub_media:1)",
        value: media(file(JPEG), file(PNG)),
        expected: tooMany(1),
      },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule: "pub_media:1", path: "sources.0.winners_private_message.media", value })).toEqual(
      expected,
    );
  });

  it("refuses more images than its second argument allows", () => {
    const value = media(file(JPEG), file(JPEG), file(JPEG));
    expect(outcome({ rule: "pub_media:4,2", path, value })).toEqual({
      key: "validation.pub_media.too_many_images",
      values: { n: 2 },
    });
  });

  it("accepts 2 videos where its third argument allows them", () => {
    expect(outcome({ rule: "pub_media:4,4,2", path, value: media(file(MP4), file(GIF)) })).toBe(VALID);
  });
});
