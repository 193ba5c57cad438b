import { DEFAULT_MEDIA_MAX_SIZE, mediaKind } from "../media";
import { isPlainObject } from "../values";
import { defineRule, type RuleOutcome } from "./define";

/**
 * A media slot { files: [{ mime, size }], count }: at most maxFiles files (4), maxImages images (4) and
 * maxVideos videos (1; GIFs count as videos), no mix of images and videos, each file an accepted type and at
 * most the configured size ($limit.mediaMaxSize, 200 MB by default).
 */
export const pubMedia = defineRule({
  name: "pub_media",
  params: [
    { name: "maxFiles", kind: "integer", optional: true },
    { name: "maxImages", kind: "integer", optional: true },
    { name: "maxVideos", kind: "integer", optional: true },
  ],
  message: "validation.pub_media.type",
  otherMessages: [
    "validation.pub_media.too_many",
    "validation.pub_media.too_many_images",
    "validation.pub_media.too_many_videos",
    "validation.pub_media.mixed",
    "validation.pub_media.too_large",
  ],
  check: (value, [maxFiles = 4, maxImages = 4, maxVideos = 1], ctx): RuleOutcome => {
    if (!isPlainObject(value)) return true;
    const files = Array.isArray(value.files) ? value.files : [];
    if (files.length > maxFiles) return { key: "validation.pub_media.too_many", values: { n: maxFiles } };
    const maxSize = ctx.limits.mediaMaxSize ?? DEFAULT_MEDIA_MAX_SIZE;
    let images = 0;
    let videos = 0;
    for (const file of files) {
      const mime = isPlainObject(file) && typeof file.mime === "string" ? file.mime : "";
      const kind = mediaKind(mime);
      if (!kind) return { key: "validation.pub_media.type" };
      const size = isPlainObject(file) && typeof file.size === "number" ? file.size : 0;
      if (size > maxSize) {
        return { key: "validation.pub_media.too_large", values: { n: Math.floor(maxSize / (1024 * 1024)) } };
      }
      if (kind === "image") images++;
      else videos++;
    }
    if (images > 0 && videos > 0) return { key: "validation.pub_media.mixed" };
    if (images > maxImages) return { key: "validation.pub_media.too_many_images", values: { n: maxImages } };
    if (videos > maxVideos) return { key: "validation.pub_media.too_many_videos", values: { n: maxVideos } };
    return true;
  },
});
