/**
 * The rules of the member permissions dialog (app-shell.md §5, §6): a checkbox is disabled for the team owner
 * (their permissions can't be edited), for oneself, and for a permission the viewer does not hold; without
 * team.members.manage_permissions nothing is editable. Only the changed permissions are sent.
 */
import type { Member } from "../../../codegen/types";

export type PermissionLock = "owner" | "self" | "cannotManage" | "notHeld" | null;

export type Viewer = { _id: string; permissions: Record<string, boolean> };

/** Why a member's permission can't be changed by the viewer, or null when it can. */
export function permissionLock(viewer: Viewer, member: Member, permission: string): PermissionLock {
  if (member.pivot.role === "owner") return "owner";
  if (member._id === viewer._id) return "self";
  if (viewer.permissions["team.members.manage_permissions"] !== true) return "cannotManage";
  if (viewer.permissions[permission] !== true) return "notHeld";
  return null;
}

/** The permissions whose value differs from the member's current one: the body's updated_permissions. */
export function changedPermissions(
  initial: Record<string, boolean>,
  current: Record<string, boolean>,
): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [name, value] of Object.entries(current)) {
    if ((initial[name] === true) !== value) out[name] = value;
  }
  return out;
}
