import type { MessageValue } from "../messages/types";

/**
 * The message value naming another field: its label key. `sources.3.actions.comment.enabled` is labelled by
 * `field.source.actions.comment.enabled`; base and summary fields by `field.base.*` / `field.summary.*`.
 */
export function fieldLabel(path: string): MessageValue {
  return { key: `field.${path.replace(/^sources\.\d+\./, "source.").replace(/\.\d+(?=\.|$)/g, ".*")}` };
}
