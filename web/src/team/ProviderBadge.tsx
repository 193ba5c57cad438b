/** A network's mark (its colour and initial, from ui.color in its definition) and name. */
import { providerOf } from "../providers";

export function ProviderBadge({ provider, withName = true }: { provider: string; withName?: boolean }) {
  const def = providerOf(provider);
  const name = def?.display_name ?? provider;
  return (
    <span className="team-provider-badge" data-provider={provider}>
      <span
        className="team-provider-mark"
        style={{ backgroundColor: def?.ui.color ?? "#52525b" }}
        aria-hidden="true"
      >
        {name.charAt(0)}
      </span>
      <span className={withName ? "provider-name" : "visually-hidden"}>{name}</span>
    </span>
  );
}
