/**
 * A network's mark: its colour and initial from schemas/providers/<name>.json (no icon font ships with the app),
 * named for screen readers by the network's display name. `withName` writes the name beside it.
 */
import { providerOf } from "../providers";

const INITIALS: Record<string, string> = { twitter: "X", tiktok: "Tk", threads: "@", youtube: "▶" };

export function ProviderIcon({ provider, withName = false }: { provider: string; withName?: boolean }) {
  const def = providerOf(provider);
  const name = def?.display_name ?? provider;
  const initial = INITIALS[provider] ?? name.slice(0, 1).toUpperCase();
  const style = { backgroundColor: def?.ui?.color ?? "#52525b" };
  if (!withName) {
    return (
      <span className="provider" data-provider={provider}>
        <span className="provider-icon" style={style} role="img" aria-label={name} title={name}>
          {initial}
        </span>
      </span>
    );
  }
  return (
    <span className="provider" data-provider={provider}>
      <span className="provider-icon" style={style} aria-hidden="true">
        {initial}
      </span>
      <span className="provider-name">{name}</span>
    </span>
  );
}

export function ProviderList({ providers }: { providers: readonly string[] }) {
  return (
    <span className="provider-list">
      {providers.map((p) => (
        <ProviderIcon key={p} provider={p} />
      ))}
    </span>
  );
}
