/**
 * Manage a member's permissions (app-shell.md §2, §5, §6): the categories of schemas/permissions.json on the
 * left, a checkbox per permission of the chosen one. A checkbox is disabled for the team owner, for oneself and
 * for a permission the viewer lacks. Saving sends only the changed permissions (updated_permissions).
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Tabs } from "radix-ui";
import { useMemo, useState } from "react";
import type { Member } from "../../../codegen/types";
import { isRtl } from "../components/DirectionArrow";
import { useUser } from "../session/session";
import { useErrorHandler } from "../shell/useErrorHandler";
import { updatePermissions } from "../team/api";
import { categoryLabel, PERMISSIONS, permissionLabel } from "../team/labels";
import { changedPermissions, type PermissionLock, permissionLock } from "../team/permissions";
import "../team/team.css";
import { Avatar } from "../widgets/Avatar";
import { Modal } from "./Modal";

export function MemberPermissionsDialog({
  member,
  onClose,
  onSaved,
}: {
  member: Member;
  onClose(): void;
  onSaved?(member: Member): void;
}) {
  const { t, i18n } = useLingui();
  const viewer = useUser();
  const onError = useErrorHandler();
  const categories = PERMISSIONS.categories;
  const [active, setActive] = useState(categories[0]?.id ?? "");
  const [values, setValues] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(
      categories
        .flatMap((c) => c.permissions)
        .map((p) => [p.name, member.pivot.permissions[p.name] === true]),
    ),
  );
  const [busy, setBusy] = useState(false);

  const changes = useMemo(() => changedPermissions(member.pivot.permissions, values), [member, values]);
  const changed = Object.keys(changes).length;
  const memberLock = permissionLock(viewer, member, "");
  const whole: PermissionLock = memberLock === "owner" || memberLock === "self" ? memberLock : null;
  const lockNote: Record<Exclude<PermissionLock, null>, string> = {
    owner: t`The owner holds every permission; they can't be changed.`,
    self: t`You can't change your own permissions.`,
    cannotManage: t`You don't have the permission to change members' permissions.`,
    notHeld: t`You can only give or take away the permissions you hold yourself.`,
  };

  const save = async () => {
    if (changed === 0) return;
    setBusy(true);
    let saved: Member;
    try {
      saved = await updatePermissions(viewer.current_team_id, member._id, changes);
    } catch (e) {
      setBusy(false);
      onError(e);
      return;
    }
    onSaved?.(saved);
    onClose();
  };

  const category = categories.find((c) => c.id === active);
  const someNotHeld = categories
    .flatMap((c) => c.permissions)
    .some((p) => permissionLock(viewer, member, p.name) === "notHeld");
  const name = member.name;

  return (
    <Modal
      title={t`Permissions of ${name}`}
      onClose={onClose}
      closable={!busy}
      size="large"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => void save()}
            disabled={busy || changed === 0}
            aria-busy={busy}
          >
            {busy ? <Trans>Please wait…</Trans> : <Trans>Save the changes</Trans>}
          </button>
        </>
      }
    >
      <p className="team-person">
        <Avatar src={member.profile_picture} alt="" size={32} /> <strong>{name}</strong>{" "}
        <span className="muted">{member.pivot.role === "owner" ? t`Owner` : t`Member`}</span>
      </p>
      {whole ? (
        <p className="team-notice" role="note">
          {lockNote[whole]}
        </p>
      ) : memberLock === "cannotManage" ? (
        <p className="team-notice" role="note">
          {lockNote.cannotManage}
        </p>
      ) : (
        someNotHeld && <p className="muted">{lockNote.notHeld}</p>
      )}
      {/* Radix Tabs: the arrows, Home and End move between categories (vertical), the panel follows. */}
      <Tabs.Root
        className="team-permissions-layout"
        value={active}
        onValueChange={setActive}
        orientation="vertical"
        dir={isRtl() ? "rtl" : "ltr"}
      >
        <Tabs.List aria-label={t`Permission categories`} className="team-tabs">
          {categories.map((c) => (
            <Tabs.Trigger key={c.id} value={c.id}>
              {categoryLabel(i18n, c.id)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {category && (
          <Tabs.Content value={category.id} asChild>
            <fieldset className="team-permissions-panel">
              <legend className="visually-hidden">{categoryLabel(i18n, category.id)}</legend>
              {category.permissions.map((p) => {
                const lock = permissionLock(viewer, member, p.name);
                return (
                  <label key={p.name} className="team-permission" data-lock={lock ?? undefined}>
                    <input
                      type="checkbox"
                      name={p.name}
                      checked={values[p.name] === true}
                      disabled={lock !== null || busy}
                      onChange={(e) => {
                        const checked = e.currentTarget.checked;
                        setValues((v) => ({ ...v, [p.name]: checked }));
                      }}
                    />
                    <span>{permissionLabel(i18n, p.name)}</span>
                    {lock === "notHeld" && <span className="muted team-small">{t`(you don't hold it)`}</span>}
                  </label>
                );
              })}
            </fieldset>
          </Tabs.Content>
        )}
      </Tabs.Root>
      <p className="muted" role="status">
        {changed > 0 && <Plural value={changed} one="# change to save" other="# changes to save" />}
      </p>
    </Modal>
  );
}
