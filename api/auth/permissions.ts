/**
 * Permissions (app-shell.md §6): the owner holds every `team.*` permission of the catalogue; other members hold
 * the catalogue's defaults overridden by their own map. A check may name several permissions, space-separated,
 * and passes when any is held.
 */
import type { Catalog } from "../catalog";

export type MemberLike = { role: string; permissions: Record<string, boolean> | null };

export function effectivePermissions(catalog: Catalog, member: MemberLike): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const p of catalog.permissions) {
    out[p.name] =
      member.role === "owner" && p.name.startsWith("team.")
        ? true
        : (member.permissions?.[p.name] ?? p.default);
  }
  return out;
}

export function holds(permissions: Record<string, boolean>, check: string): boolean {
  return check
    .split(" ")
    .filter(Boolean)
    .some((name) => permissions[name] === true);
}
