/**
 * Fairdraw's logo: the press kit's mark (scripts/press-kit.ts: an indigo rounded square with the white F) and the
 * name set in the interface's font. Inline, so it costs no request and follows the colour scheme.
 */
import { Link } from "react-router";

/** The mark alone (the app's icon), `size` pixels square. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="logo-mark"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#4338ca" />
      <path d="M10 8h12v4h-8v3h7v4h-7v7h-4z" fill="#fff" />
    </svg>
  );
}

/** The mark and the name, as a link home (the header of the app and of the public pages). */
export function Logo({ to = "/" }: { to?: string }) {
  return (
    <Link to={to} className="logo" aria-label="Fairdraw">
      <LogoMark />
      <span className="logo-name" aria-hidden="true">
        Fairdraw
      </span>
    </Link>
  );
}
