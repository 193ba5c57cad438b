/**
 * A profile picture that falls back to the default one when it fails to load (app-shell.md §2), with optional
 * 2x/3x variants for sharp screens.
 */
import { useState } from "react";

export const DEFAULT_PROFILE_PICTURE = "/default-profile.svg";

export function Avatar({
  src,
  alt,
  size = 32,
  srcSet2x,
  srcSet3x,
}: {
  src: string | null | undefined;
  /** Empty when a name is written beside it. */
  alt: string;
  size?: number;
  srcSet2x?: string;
  srcSet3x?: string;
}) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? DEFAULT_PROFILE_PICTURE : src;
  const srcSet =
    !failed && src
      ? [srcSet2x && `${srcSet2x} 2x`, srcSet3x && `${srcSet3x} 3x`].filter(Boolean).join(", ")
      : "";
  return (
    <img
      className="avatar"
      src={url}
      srcSet={srcSet || undefined}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}
