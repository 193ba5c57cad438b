/**
 * A network's mark: its brand glyph (simple-icons, named by `ui.icon` in schemas/providers/<name>.json, so a new
 * provider brings its own) in white on its brand colour, or the first letter of its name when no glyph exists.
 * Named for screen readers by the network's display name; `withName` writes the name beside it.
 */
import marks from "virtual:provider-marks";
import { providerOf } from "../providers";

export function ProviderMark({ provider, withName = false }: { provider: string; withName?: boolean }) {
  const def = providerOf(provider);
  const name = def?.display_name ?? provider;
  const mark = def ? marks[def.ui.icon] : undefined;
  const label = withName ? { "aria-hidden": true } : { role: "img", "aria-label": name, title: name };
  return (
    <span className="provider" data-provider={provider}>
      <span className="provider-mark" style={{ backgroundColor: def?.ui.color ?? "#52525b" }} {...label}>
        {mark ? (
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={mark.path} fill="currentColor" />
          </svg>
        ) : (
          name.charAt(0).toUpperCase()
        )}
      </span>
      {withName && <span className="provider-name">{name}</span>}
    </span>
  );
}

/** The marks of several networks side by side (a contest's sources). */
export function ProviderMarks({ providers }: { providers: readonly string[] }) {
  return (
    <span className="provider-list">
      {providers.map((p) => (
        <ProviderMark key={p} provider={p} />
      ))}
    </span>
  );
}
