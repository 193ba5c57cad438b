/**
 * Which networks a team can link or invite (app-shell.md §1: some providers are login-only and cannot be invited).
 */
import { PROVIDERS_BY_DISPLAY_NAME, type ProviderDefinition } from "../providers";

/**
 * The networks an account invite may name (meta/provider.schema.json): `canInvite`, never a team-only or login-only one
 * (the meta-schema already forbids canInvite on those; checked again so a bad file can't offer one).
 */
export function invitableProviders(): ProviderDefinition[] {
  return PROVIDERS_BY_DISPLAY_NAME.filter((p) => p.canInvite && !p.onlyLogin && !p.onlyTeam);
}
