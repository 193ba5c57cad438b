import { mediaKind } from "../media";
import { isPlainObject } from "../values";
import { defineRule } from "./define";

/**
 * The images of a media slot { files: [{ mime }] } are of these formats only (`image_types:jpeg`: image/jpeg), for
 * a network that refuses others where it fetches them (Instagram's containers take JPEG only). Videos and files
 * of no accepted type are pub_media's to judge.
 */
export const imageTypes = defineRule({
  name: "image_types",
  params: [{ name: "formats", kind: "string", rest: true }],
  message: "validation.image_types",
  check: (value, [formats]) => {
    if (!isPlainObject(value) || !Array.isArray(value.files)) return true;
    const allowed = formats.map((f) => `image/${f}`);
    for (const file of value.files) {
      const mime = isPlainObject(file) && typeof file.mime === "string" ? file.mime : "";
      if (mediaKind(mime) === "image" && !allowed.includes(mime)) {
        return {
          key: "validation.image_types",
          values: { types: formats.map((f) => f.toUpperCase()).join(", ") },
        };
      }
    }
    return true;
  },
});
