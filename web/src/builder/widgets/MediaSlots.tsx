/**
 * The media of a publication (contest-builder.md §5, app-shell.md §5): up to the slot's maximum of files (4, or 1
 * for a private message), added with the file input or by dropping them, each previewed with a labelled remove
 * button. Only jpeg, png, gif and mp4 under the size cap are sent; a file already uploaded (same size, same first
 * and last bytes: media-fingerprint.ts) reuses its uuid instead of being uploaded again. An upload that fails is
 * reported by the app's error handler, naming the file.
 */

import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import { type DragEvent, useRef, useState } from "react";
import { DEFAULT_MEDIA_MAX_SIZE } from "../../../../engine/media";
import { useSession } from "../../session/session";
import { useErrorHandler } from "../../shell/useErrorHandler";
import type { BuilderFormContext } from "../form-context";
import { fileProblem, isVideo, type MediaValue, UPLOAD_TYPES } from "./media-files";
import { uploadCacheFor, uploadOnce } from "./media-fingerprint";

export type MediaSlotsProps = {
  id: string;
  value: MediaValue;
  onChange(next: MediaValue): void;
  /** Called once the slot changed (files added or removed): the field is checked then. */
  onSettled?(next: MediaValue): void;
  label: string;
  /** Draw the label above (the field template does not label an object drawn by a widget). */
  showLabel?: boolean;
  maxFiles: number;
  ctx: BuilderFormContext | undefined;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

type Uploading = { key: number; name: string };

function viewUrl(ctx: BuilderFormContext | undefined, uuid: string): string {
  return ctx?.mediaUrl ? ctx.mediaUrl(uuid) : `/api/v1/upload/view/${encodeURIComponent(uuid)}`;
}

export function MediaSlots(props: MediaSlotsProps) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const onError = useErrorHandler();
  const latest = useRef(props.value);
  latest.current = props.value;
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  const maxSize = props.ctx?.config?.limits?.mediaMaxSize ?? DEFAULT_MEDIA_MAX_SIZE;
  const { ctx, maxFiles } = props;
  const room = Math.max(0, maxFiles - props.value.files.length - uploading.length);
  const cannotAdd = props.disabled || !ctx?.upload || room === 0;

  const commit = (next: MediaValue) => {
    latest.current = next;
    props.onChange(next);
    // The field is checked once the form holds the change (after this render), not against the old value.
    setTimeout(() => props.onSettled?.(next), 0);
  };

  const addFiles = (files: readonly File[]) => {
    if (!ctx?.upload || props.disabled) return;
    const said: string[] = [];
    let free = room;
    const cache = uploadCacheFor(session.user?.currentTeam._id ?? "");
    for (const file of files) {
      const problem = fileProblem(file, maxSize);
      if (problem === "type") {
        said.push(t`${file.name} is not a JPEG, PNG, GIF or MP4 file.`);
        continue;
      }
      if (problem === "size") {
        said.push(t`${file.name} is larger than ${i18n.number(Math.round(maxSize / 1024 / 1024))} MB.`);
        continue;
      }
      if (free === 0) {
        const name = file.name;
        said.push(
          plural(maxFiles, {
            one: `${name} was not added: this publication holds one file at most.`,
            other: `${name} was not added: this publication holds # files at most.`,
          }),
        );
        continue;
      }
      free -= 1;
      const key = nextKey.current++;
      setUploading((list) => [...list, { key, name: file.name }]);
      uploadOnce(file, cache, ctx.upload)
        .then(({ media, reused }) => {
          const current = latest.current;
          // The same file twice in one publication would only show it twice: it is kept once.
          if (current.files.some((f) => f.uuid === media.uuid)) {
            setNotices((list) => [...list, t`${file.name} is already in this publication.`]);
            return;
          }
          const files = [...current.files, { uuid: media.uuid, mime: media.mime, size: media.size }];
          const next = { files, count: files.length };
          commit(next);
          if (reused)
            setNotices((list) => [...list, t`${file.name} was already uploaded: the same file is used.`]);
        })
        .catch((err: unknown) => onError(err, { upload: file.name }))
        .finally(() => setUploading((list) => list.filter((u) => u.key !== key)));
    }
    setNotices(said);
  };

  const remove = (index: number) => {
    const files = latest.current.files.filter((_, i) => i !== index);
    const next = { files, count: files.length };
    commit(next);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (cannotAdd) return;
    addFiles([...(event.dataTransfer?.files ?? [])]);
  };

  return (
    <>
      {props.showLabel && (
        <label htmlFor={props.id} className="widget-label">
          {props.label}
        </label>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input is the keyboard's way */}
      <div
        className={`media-slots${dragging ? " is-dragging" : ""}${props.invalid ? " is-invalid" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!cannotAdd) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <ul className="media-slot-list" aria-label={t`${props.label}: files`}>
          {props.value.files.map((file, index) => {
            const n = index + 1;
            const url = viewUrl(ctx, file.uuid);
            return (
              <li key={`${file.uuid}-${n}`} className="media-slot">
                {isVideo(file.mime) ? (
                  <video src={url} preload="metadata" muted aria-label={t`Video ${n}`} />
                ) : (
                  <img src={url} alt={t`Uploaded file ${n}`} />
                )}
                <button
                  type="button"
                  className="media-slot-remove"
                  disabled={props.disabled}
                  onClick={() => remove(index)}
                  aria-label={t`Remove file ${n}`}
                >
                  <X size={16} aria-hidden="true" />
                </button>
              </li>
            );
          })}
          {uploading.map((u) => (
            <li key={`uploading-${u.key}`} className="media-slot is-uploading" role="status">
              <Trans>Uploading {u.name}…</Trans>
            </li>
          ))}
        </ul>
        <div className="media-drop">
          <input
            id={props.id}
            type="file"
            className="media-file-input"
            multiple={maxFiles > 1}
            accept={UPLOAD_TYPES.join(",")}
            disabled={cannotAdd}
            aria-invalid={props.invalid || undefined}
            aria-describedby={props.describedBy}
            onChange={(event) => {
              addFiles([...(event.target.files ?? [])]);
              event.target.value = "";
            }}
          />
          <p className="muted">
            <Plural
              value={room}
              _0="This publication is full."
              one="You can add # more file, or drop it here."
              other="You can add # more files, or drop them here."
            />{" "}
            <Trans>JPEG, PNG, GIF or MP4.</Trans>
          </p>
        </div>
        <div role="status" className="media-notices">
          {notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      </div>
    </>
  );
}
