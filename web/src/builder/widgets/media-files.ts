/**
 * What a media slot accepts (contest-builder.md §5, app-shell.md §5): uploads of jpeg, png, gif and mp4, each at
 * most the configured size, at most as many files as the field's pub_media rule allows (4, 1 for private messages).
 */

import type { MediaFile } from "../../../../codegen/types";
import { DEFAULT_MEDIA_MAX_SIZE } from "../../../../engine/media";
import constants from "../../../../schemas/constants.json";
import { numberArg, ruleArgs } from "./field-rules";

/** The types the upload call takes (app-shell.md §5: jpeg, png, gif, mp4). */
export const UPLOAD_TYPES: readonly string[] = constants.media.upload_types;
export const DEFAULT_MAX_FILES = constants.media.max_files;

export type MediaValue = { files: MediaFile[]; count: number };

/** A media slot's value, whatever rjsf hands over (undefined before the first change). */
export function mediaValueOf(value: unknown): MediaValue {
  const files = (value as { files?: unknown } | null | undefined)?.files;
  const list = Array.isArray(files) ? (files as MediaFile[]) : [];
  return { files: list, count: list.length };
}

/** How many files the slot holds at most: the first argument of `pub_media`, 4 by default. */
export function maxFilesOf(rule: string | undefined): number {
  return numberArg(ruleArgs(rule, "pub_media"), 0) ?? DEFAULT_MAX_FILES;
}

export type FileProblem = "type" | "size";

export function fileProblem(file: File, maxSize: number = DEFAULT_MEDIA_MAX_SIZE): FileProblem | null {
  if (!UPLOAD_TYPES.includes(file.type)) return "type";
  if (file.size > maxSize) return "size";
  return null;
}

/** Video files play in a <video>; images and GIFs show as pictures. */
export function isVideo(mime: string): boolean {
  return mime.startsWith("video/");
}
