/** Media accepted in publications (contest-builder.md §5) and how they count. */

export const IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
/** GIFs count as videos. */
export const VIDEO_TYPES = [
  "image/gif",
  "video/mp4",
  "video/x-msvideo",
  "video/avi",
  "video/mpeg",
  "video/ogg",
  "video/webm",
  "video/3gpp",
  "video/3gpp2",
  "video/x-ms-wmv",
  "video/quicktime",
] as const;
export const ACCEPTED_MEDIA_TYPES: readonly string[] = [...IMAGE_TYPES, ...VIDEO_TYPES];

export const DEFAULT_MEDIA_MAX_SIZE = 200 * 1024 * 1024;

export type MediaKind = "image" | "video";

const KINDS = new Map<string, MediaKind>([
  ...IMAGE_TYPES.map((t) => [t, "image"] as const),
  ...VIDEO_TYPES.map((t) => [t, "video"] as const),
]);

export function mediaKind(mime: string): MediaKind | null {
  return KINDS.get(mime) ?? null;
}
