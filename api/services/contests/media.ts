/**
 * The uploads a form's media name: their ids, the team's files for them, and the check that each exists.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { ContestForm } from "../../../codegen/types";
import type { ValidationErrors } from "../../../engine/messages/types";
import { isPlainObject } from "../../../engine/values";
import type { Db } from "../../db/client";
import { uploads } from "../../db/tables";

type Reader = Pick<Db, "select">;

/** The upload ids a stored form's media name (every `media.files[].uuid`), in order, without repeats. */
export function mediaUuids(form: unknown): string[] {
  const out = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    if (!isPlainObject(node)) return;
    const media = node.media;
    if (isPlainObject(media) && Array.isArray(media.files)) {
      for (const file of media.files) {
        if (isPlainObject(file) && typeof file.uuid === "string" && file.uuid !== "") out.add(file.uuid);
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(form);
  return [...out];
}

/** The team's uploads its media reference ({uuid, mime}); a uuid the team has no upload for is left out. */
export async function filesOf(
  db: Reader,
  teamId: string,
  form: unknown,
): Promise<{ uuid: string; mime: string }[]> {
  const uuids = mediaUuids(form);
  if (uuids.length === 0) return [];
  const rows = await db
    .select({ id: uploads.id, mime: uploads.mime })
    .from(uploads)
    .where(and(eq(uploads.teamId, teamId), inArray(uploads.id, uuids)));
  const mimeOf = new Map(rows.map((r) => [r.id, r.mime]));
  return uuids.flatMap((uuid) => {
    const mime = mimeOf.get(uuid);
    return mime === undefined ? [] : [{ uuid, mime }];
  });
}

// ---------------------------------------------------------------------------------------------------------
// Shapes

/**
 * The media of a form name uploads by uuid; their type and size come from what the server sniffed and counted
 * when they were uploaded, never from the client. An uuid the team did not upload is refused at its path.
 */
export async function resolveMediaFiles(
  db: Reader,
  teamId: string,
  form: ContestForm,
): Promise<ValidationErrors> {
  const errors: ValidationErrors = {};
  const groups = { base: form.base, sources: form.sources, summary: form.summary };
  const slots: { path: string; media: Record<string, unknown> & { files: unknown[] } }[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        walk(item, `${path}.${i}`);
      });
      return;
    }
    if (!isPlainObject(node)) return;
    if (Array.isArray(node.files) && "count" in node) {
      slots.push({ path, media: node as Record<string, unknown> & { files: unknown[] } });
      return;
    }
    for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
  };
  walk(groups, "");
  const uuids = [
    ...new Set(
      slots.flatMap(({ media }) =>
        media.files.flatMap((f) => (isPlainObject(f) && typeof f.uuid === "string" ? [f.uuid] : [])),
      ),
    ),
  ];
  // One query for every file of the form (a maximal contest names about 170).
  const known = new Map(
    uuids.length === 0
      ? []
      : (
          await db
            .select({ id: uploads.id, mime: uploads.mime, size: uploads.size })
            .from(uploads)
            .where(and(eq(uploads.teamId, teamId), inArray(uploads.id, uuids)))
        ).map((u) => [u.id, u]),
  );
  for (const { path, media } of slots) {
    media.files.forEach((file, i) => {
      const row = isPlainObject(file) && typeof file.uuid === "string" ? known.get(file.uuid) : undefined;
      if (!row) {
        errors[`${path}.files.${i}.uuid`] = [{ key: "validation.upload.unknown", rule: "upload" }];
        return;
      }
      Object.assign(file as object, { mime: row.mime, size: row.size });
    });
    media.count = media.files.length;
  }
  return errors;
}
