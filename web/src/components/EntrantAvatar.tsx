/**
 * A person's picture where the network gave none we keep: their initials on a colour of the brand palette (the
 * same person always gets the same colour), with their network's mark in the corner.
 */
import { ProviderMark } from "./ProviderMark";

// Each dark enough for white initials (WCAG AA, 4.5:1).
const COLOURS = ["#4338ca", "#6d28d9", "#be185d", "#0e7490", "#047857", "#b45309", "#b91c1c", "#1d4ed8"];

/** Up to two letters of a name or handle ("Ana Lima" → "AL", "@kenji" → "K"); "?" for none. */
export function initialsOf(text: string | null | undefined): string {
  const words = (text ?? "")
    .replace(/^@/, "")
    .split(/[\s._-]+/u)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0]?.toLocaleUpperCase() ?? "");
  return letters.join("") || "?";
}

function colourOf(key: string): string {
  let h = 0;
  for (const c of key) h = (h * 31 + (c.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[h % COLOURS.length] ?? "#4338ca";
}

export function EntrantAvatar({
  id,
  name,
  provider,
  size = 40,
}: {
  id: string;
  name: string | null | undefined;
  provider: string | null;
  size?: number;
}) {
  return (
    <span className="entrant-avatar" style={{ width: size, height: size }} aria-hidden="true">
      <span className="entrant-avatar-face" style={{ backgroundColor: colourOf(id), fontSize: size * 0.38 }}>
        {initialsOf(name)}
      </span>
      {provider && <ProviderMark provider={provider} />}
    </span>
  );
}
