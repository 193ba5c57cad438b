/**
 * The networks of schemas/providers/*.json as the team pages use them: names, colours, and which ones a team can
 * link or invite (app-shell.md §1: some providers are login-only and cannot be invited).
 */
import type { ProviderDefinition } from "../../../codegen/types";

const modules = import.meta.glob<ProviderDefinition>("../../../schemas/providers/*.json", {
  eager: true,
  import: "default",
});

/** Every network, by display name. */
export const PROVIDERS: readonly ProviderDefinition[] = Object.values(modules).sort((a, b) =>
  a.display_name.localeCompare(b.display_name),
);

export function providerOf(name: string): ProviderDefinition | undefined {
  return PROVIDERS.find((p) => p.name === name);
}

/**
 * The networks an account invite may name (meta/provider.schema.json): `canInvite`, and never a login-only one
 * (the meta-schema already forbids canInvite on those; checked again so a bad file can't offer one).
 */
export function invitableProviders(): ProviderDefinition[] {
  return PROVIDERS.filter((p) => p.canInvite && !p.onlyLogin);
}
