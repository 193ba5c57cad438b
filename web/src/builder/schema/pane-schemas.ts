/**
 * Every pane form the builder renders from a served config, as PartForm builds it: the base, the summary, and each
 * provider's source one tab at a time. The labels do not shape the schema (only the uiSchema), so any i18n will do.
 * codegen/form-validators.ts compiles a validator for each of these schemas at build time.
 */
import { setupI18n } from "@lingui/core";
import type { RJSFSchema } from "@rjsf/utils";
import type { BuilderConfig } from "../../../../engine/config/types";
import { buildPaneForm, tabsOf } from "./pane-form";
import { type ScopeName, scopeSchema } from "./schemas";

export type PaneSchema = { scope: ScopeName; tab?: string; schema: RJSFSchema };

export function everyPaneSchema(config: BuilderConfig, customWidgets: ReadonlySet<string>): PaneSchema[] {
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  const out: PaneSchema[] = [];
  const add = (scope: ScopeName, labelScope: string, tab?: string) => {
    const schema = scopeSchema(scope);
    const rules = scope.kind === "source" ? config.sources[scope.provider] : config[scope.kind];
    if (!schema || !rules) return;
    const form = buildPaneForm({
      schema,
      rules,
      labelScope,
      ...(scope.kind === "source" ? { provider: scope.provider } : {}),
      tab,
      i18n,
      isGated: () => false,
      customWidgets,
    });
    out.push({ scope, ...(tab === undefined ? {} : { tab }), schema: form.schema });
  };
  add({ kind: "base" }, "base");
  add({ kind: "summary" }, "summary");
  for (const [provider, rules] of Object.entries(config.sources)) {
    for (const tab of tabsOf(rules)) add({ kind: "source", provider }, "sources", tab);
  }
  return out;
}
