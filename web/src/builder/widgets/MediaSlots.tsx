/**
 * The media of a publication (contest-builder.md §5, app-shell.md §5): up to the slot's maximum of files (4, or 1
 * for a private message), added from a drop zone (click or drop; the keyboard reaches the file input it draws) and
 * each shown as a thumbnail with a labelled remove button. A file on its way shows its own progress bar. Only jpeg,
 * png, gif and mp4 under the size cap are sent; a file already uploaded (same size, same first and last bytes:
 * media-fingerprint.ts) reuses its uuid instead of being uploaded again. What the upload route refuses (413 too
 * large or storage full, 415 wrong type, 422, 429) is said in place, on the file, with a retry; anything else goes
 * to the app's error handler, naming the file.
 */

import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ImagePlus, RotateCw, X } from "lucide-react";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { DEFAULT_MEDIA_MAX_SIZE } from "../../../../engine/media";
import { ApiError } from "../../api/errors";
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

/** A file on its way: its local thumbnail, how far it is, or why the server refused it. */
type Upload = {
  key: number;
  file: File;
  /** An object URL of the file itself, for the thumbnail while it uploads (images only). */
  thumb: string | null;
  sent: number;
  total: number;
  refused: { message: string; storageFull: boolean } | null;
};

/** The upload route's refusals a person can act on: shown on the file rather than in an alert. */
const IN_PLACE = new Set([413, 415, 422, 429]);

function viewUrl(ctx: BuilderFormContext | undefined, uuid: string): string {
  return ctx?.mediaUrl ? ctx.mediaUrl(uuid) : `/api/v1/upload/view/${encodeURIComponent(uuid)}`;
}

function thumbOf(file: File): string | null {
  return file.type.startsWith("image/") && typeof URL.createObjectURL === "function"
    ? URL.createObjectURL(file)
    : null;
}

function dropThumb(upload: Upload) {
  if (upload.thumb && typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(upload.thumb);
}

export function MediaSlots(props: MediaSlotsProps) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const onError = useErrorHandler();
  const latest = useRef(props.value);
  latest.current = props.value;
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const maxSize = props.ctx?.config?.limits?.mediaMaxSize ?? DEFAULT_MEDIA_MAX_SIZE;
  const { ctx, maxFiles } = props;
  const pending = uploads.filter((u) => u.refused === null).length;
  const room = Math.max(0, maxFiles - props.value.files.length - pending);
  const cannotAdd = props.disabled || !ctx?.upload || room === 0;
  const hintId = `${props.id}-hint`;
  const megabytes = i18n.number(Math.round(maxSize / 1024 / 1024));

  // The thumbnails' object URLs go with the widget.
  const live = useRef(uploads);
  live.current = uploads;
  useEffect(() => () => live.current.forEach(dropThumb), []);

  const commit = (next: MediaValue) => {
    latest.current = next;
    props.onChange(next);
    // The field is checked once the form holds the change (after this render), not against the old value.
    setTimeout(() => props.onSettled?.(next), 0);
  };

  const patch = (key: number, change: Partial<Upload> | null) =>
    setUploads((list) =>
      change === null
        ? list.filter((u) => {
            if (u.key === key) dropThumb(u);
            return u.key !== key;
          })
        : list.map((u) => (u.key === key ? { ...u, ...change } : u)),
    );

  const send = (key: number, file: File) => {
    if (!ctx?.upload) return;
    const cache = uploadCacheFor(session.user?.currentTeam._id ?? "");
    uploadOnce(file, cache, ctx.upload, (sent, total) => patch(key, { sent, total }))
      .then(({ media, reused }) => {
        patch(key, null);
        const current = latest.current;
        // The same file twice in one publication would only show it twice: it is kept once.
        if (current.files.some((f) => f.uuid === media.uuid)) {
          setNotices((list) => [...list, t`${file.name} is already in this publication.`]);
          return;
        }
        const files = [...current.files, { uuid: media.uuid, mime: media.mime, size: media.size }];
        commit({ files, count: files.length });
        if (reused)
          setNotices((list) => [...list, t`${file.name} was already uploaded: the same file is used.`]);
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && IN_PLACE.has(err.status)) {
          patch(key, { refused: { message: err.message, storageFull: err.key === "storageQuotaExceeded" } });
          return;
        }
        patch(key, null);
        onError(err, { upload: file.name });
      });
  };

  const addFiles = (files: readonly File[]) => {
    if (!ctx?.upload || props.disabled) return;
    const said: string[] = [];
    let free = room;
    const added: Upload[] = [];
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
      added.push({
        key: nextKey.current++,
        file,
        thumb: thumbOf(file),
        sent: 0,
        total: file.size,
        refused: null,
      });
    }
    setUploads((list) => [...list, ...added]);
    for (const u of added) send(u.key, u.file);
    setNotices(said);
  };

  const retry = (upload: Upload) => {
    patch(upload.key, { refused: null, sent: 0 });
    send(upload.key, upload.file);
  };

  const remove = (index: number) => {
    const files = latest.current.files.filter((_, i) => i !== index);
    commit({ files, count: files.length });
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
        {(props.value.files.length > 0 || uploads.length > 0) && (
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
            {uploads.map((u) => {
              const name = u.file.name;
              return (
                <li
                  key={`uploading-${u.key}`}
                  className={`media-slot ${u.refused ? "is-refused" : "is-uploading"}`}
                  data-file={u.file.name}
                >
                  {u.thumb ? (
                    <img src={u.thumb} alt="" />
                  ) : (
                    <span className="media-slot-name">{u.file.name}</span>
                  )}
                  {u.refused ? (
                    <div className="media-slot-refused" role="alert">
                      <p>
                        <strong>{u.file.name}</strong>: {u.refused.message}
                      </p>
                      {u.refused.storageFull && (
                        <a href="/team/subscription" target="_blank" rel="noopener">
                          <Trans>Upgrade the plan</Trans>
                        </a>
                      )}
                      <span className="media-slot-actions">
                        <button
                          type="button"
                          className="media-slot-action"
                          onClick={() => retry(u)}
                          aria-label={t`Try ${name} again`}
                        >
                          <RotateCw size={14} aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className="media-slot-action"
                          onClick={() => patch(u.key, null)}
                          aria-label={t`Dismiss ${name}`}
                        >
                          <X size={14} aria-hidden="true" />
                        </button>
                      </span>
                    </div>
                  ) : (
                    <div className="media-slot-progress">
                      <progress max={u.total || 1} value={u.sent} aria-label={t`Uploading ${name}`} />
                      <span aria-hidden="true">
                        {i18n.number(u.total > 0 ? u.sent / u.total : 0, { style: "percent" })}
                      </span>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <input
          ref={inputRef}
          id={props.id}
          type="file"
          className="media-file-input"
          multiple={maxFiles > 1}
          accept={UPLOAD_TYPES.join(",")}
          disabled={cannotAdd}
          aria-invalid={props.invalid || undefined}
          aria-describedby={[hintId, props.describedBy].filter(Boolean).join(" ")}
          onChange={(event) => {
            addFiles([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the pointer's way to the file input, which the keyboard reaches itself */}
        <div className={`media-drop${cannotAdd ? " is-full" : ""}`} onClick={() => inputRef.current?.click()}>
          {!cannotAdd && (
            <span className="media-drop-call" aria-hidden="true">
              <ImagePlus size={22} />
              <span>
                <Trans>
                  <strong>Choose files</strong> or drop them here
                </Trans>
              </span>
            </span>
          )}
          <span id={hintId} className="media-drop-hint">
            <Plural
              value={room}
              _0="This publication is full."
              one="You can add # more file."
              other="You can add # more files."
            />{" "}
            <Trans>JPEG, PNG, GIF or MP4, up to {megabytes} MB each.</Trans>
          </span>
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
