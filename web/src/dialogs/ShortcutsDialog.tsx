/**
 * Keyboard shortcuts (app-shell.md §2): the table of keys and what each does. They work when no field is focused,
 * no modifier key is held and the builder is closed; C also needs the permission to create contests.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { SHORTCUT_KEYS, type ShortcutKey } from "../shell/Shortcuts";
import { Modal } from "./Modal";

export const SHORTCUT_EFFECTS: Record<ShortcutKey, MessageDescriptor> = {
  c: msg`Create a contest (opens the contest builder; needs the permission to create contests)`,
  t: msg`Switch team`,
  l: msg`Switch language`,
  i: msg`About Fairdraw`,
  k: msg`Show these keyboard shortcuts`,
  s: msg`Shortlinks`,
  q: msg`Go to the quick draw`,
  p: msg`Go to your profile settings`,
};

export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useLingui();
  return (
    <Modal title={t`Keyboard shortcuts`} onClose={onClose}>
      <div data-dialog="shortcuts">
        <table className="data shortcuts-table">
          <caption className="muted">
            <Trans>
              They work when no field is focused and no modifier key (Ctrl, Alt, Shift, ⌘) is held.
            </Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans context="keyboard key">Key</Trans>
              </th>
              <th scope="col">
                <Trans>What it does</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUT_KEYS.map((key) => (
              <tr key={key}>
                <th scope="row">
                  <kbd>{key.toUpperCase()}</kbd>
                </th>
                <td>{i18n._(SHORTCUT_EFFECTS[key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
