/**
 * The rjsf form of one pane (or one tab of a source's pane), built from the part's JSON Schema and its rule
 * sidecar's UI hints (docs/rules.md "ui": tab, order, widget, step) — no field is named in code:
 *
 * - what shows: every field with a hint (in the tab, for a source), and the objects on the way to it; a node whose
 *   hint names a widget of an object or a list is rendered whole by that widget;
 * - in what order: `ui:order` from the hints' `order` (an object takes the smallest order under it);
 * - with what: `ui:widget` from the hint (a name of web/src/builder/widgets, or rjsf's own widget for the simple
 *   names until a custom one exists); `hidden` fields are left out of the form (their data stays as it is);
 * - how: `can_edit: false` → disabled; a plan `feature` the team lacks → disabled with a FeatureStar;
 * - titles and choices through the builder's labels (Lingui).
 */
import type { I18n } from "@lingui/core";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import type { FieldRules, StepConfig } from "../../../../codegen/types";
import type { ScopeRules } from "../../../../engine/config/types";
import { choiceLabel, fieldLabel, hasGroupLabel } from "../labels";
import type { Schema } from "./schemas";

/** The builder's options on a field of the uiSchema (`ui:options`), read by the templates. */
export type FieldOptions = {
  /** The field's pattern relative to its part ("reminders.list.*.type"). */
  pattern: string;
  /** The plan feature the team lacks for this field: shown disabled with a FeatureStar. */
  gated?: string;
  /** `can_edit: false`: the field is shown as it is and says why it cannot be changed (labels lockedReason). */
  locked?: boolean;
  /** The step of the field (from its hint), for the root's step groups. */
  step?: string;
};

export type PaneForm = {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** The patterns of the fields this form shows, in order. */
  patterns: string[];
  /** The steps of this form (of the tab, for a source), for the root's step groups. */
  steps: StepConfig[];
};

export type PaneFormOptions = {
  schema: Schema;
  rules: ScopeRules;
  /** "base", "summary" or "sources": the label scope of the engine catalog. */
  labelScope: string;
  /** The source's network (its actions are labelled by their kind); undefined for base and summary. */
  provider?: string;
  /** A source's tab; undefined renders every field (base, summary). */
  tab?: string;
  i18n: I18n;
  /** Whether a feature of a field is out of the team's plan (gated: the team has the builder but not the feature). */
  isGated(feature: string): boolean;
  /** Names of the custom widgets available (the builder's widget registry), for object and list nodes. */
  customWidgets: ReadonlySet<string>;
};

type Built = { schema: Schema; ui: UiSchema; order: number } | null;

const KEEP = new Set([
  "type",
  "enum",
  "const",
  "items",
  "properties",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "format",
]);

/** A schema node as rjsf gets it: structure only (no defaults, requirements, titles or descriptions). */
function clean(node: Schema): Schema {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!KEEP.has(key)) continue;
    if (key === "properties" && value && typeof value === "object") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, clean(v)]),
      );
    } else if (key === "items" && value && typeof value === "object" && !Array.isArray(value)) {
      out.items = clean(value as Schema);
    } else out[key] = value;
  }
  return out as Schema;
}

function typeOf(node: Schema): string | undefined {
  const t = node.type;
  if (Array.isArray(t)) return t.find((x) => x !== "null");
  if (typeof t === "string") return t;
  if ("const" in node) return typeof node.const;
  if (node.properties) return "object";
  return undefined;
}

export function buildPaneForm(options: PaneFormOptions): PaneForm {
  const { rules, tab, i18n } = options;
  const hints = new Map<string, FieldRules>();
  for (const [pattern, field] of Object.entries(rules.fields)) {
    if (!field.ui) continue;
    if (tab !== undefined && field.ui.tab !== tab) continue;
    hints.set(pattern, field);
  }
  const patterns: string[] = [];

  const under = (pattern: string) => {
    const prefix = pattern === "" ? "" : `${pattern}.`;
    return [...hints.keys()].some((p) => p.startsWith(prefix));
  };

  const fieldUi = (pattern: string, field: FieldRules): UiSchema => {
    const ui: UiSchema = { "ui:title": fieldLabel(i18n, options.labelScope, pattern, options.provider) };
    const opts: FieldOptions = { pattern };
    if (field.ui?.step) opts.step = field.ui.step;
    let disabled = field.can_edit === false;
    if (disabled) opts.locked = true;
    if (field.feature && options.isGated(field.feature)) {
      opts.gated = field.feature;
      disabled = true;
    }
    if (disabled) ui["ui:disabled"] = true;
    ui["ui:options"] = opts;
    return ui;
  };

  const build = (node: Schema, pattern: string): Built => {
    const field = hints.get(pattern);
    const widget = field?.ui?.widget;
    const order = field?.ui?.order ?? Number.POSITIVE_INFINITY;
    if (widget === "hidden") return null;
    const type = typeOf(node);

    if (field && widget && (type === "object" || type === "array") && options.customWidgets.has(widget)) {
      // A compound widget renders this node whole (a media slot, the reminders, a list of keywords).
      patterns.push(pattern);
      const ui = fieldUi(pattern, field);
      if (type === "object") ui["ui:field"] = "widget";
      ui["ui:widget"] = widget;
      return { schema: clean(node), ui, order };
    }

    if (type === "object" && node.properties) {
      const properties: Record<string, Schema> = {};
      const ui: UiSchema = {};
      const orders: [string, number][] = [];
      if (field) patterns.push(pattern);
      for (const [key, child] of Object.entries(node.properties as Record<string, Schema>)) {
        const childPattern = pattern === "" ? key : `${pattern}.${key}`;
        if (!hints.has(childPattern) && !under(childPattern)) continue;
        const built = build(child, childPattern);
        if (!built) continue;
        properties[key] = built.schema;
        ui[key] = built.ui;
        orders.push([key, built.order]);
      }
      if (orders.length === 0) return null;
      orders.sort((a, b) => a[1] - b[1]);
      ui["ui:order"] = [...orders.map(([key]) => key), "*"];
      const own: FieldOptions = { pattern };
      ui["ui:options"] = own;
      if (pattern !== "" && hasGroupLabel(pattern))
        ui["ui:title"] = fieldLabel(i18n, options.labelScope, pattern, options.provider);
      if (field) Object.assign(ui, fieldUi(pattern, field), { "ui:order": ui["ui:order"] });
      const schema: Schema = { type: "object", properties };
      return { schema, ui, order: Math.min(order, orders[0]?.[1] ?? order) };
    }

    if (type === "array") {
      const itemsNode = node.items as Schema | undefined;
      const itemPattern = `${pattern}.*`;
      const items =
        itemsNode && (hints.has(itemPattern) || under(itemPattern)) ? build(itemsNode, itemPattern) : null;
      if (!field && !items) return null;
      patterns.push(pattern);
      const ui: UiSchema = field ? fieldUi(pattern, field) : { "ui:options": { pattern } };
      if (!field) ui["ui:title"] = fieldLabel(i18n, options.labelScope, pattern, options.provider);
      const schema: Schema = { ...clean(node) };
      if (items) {
        schema.items = items.schema;
        ui.items = items.ui;
      } else if (itemsNode) {
        // A list of texts (keywords, accounts, reasons): one text field per element.
        schema.items = clean(itemsNode);
        ui.items = { "ui:options": { pattern: itemPattern }, "ui:title": " " };
      }
      ui["ui:options"] = { ...(ui["ui:options"] as object), orderable: false };
      return { schema, ui, order: Math.min(order, items?.order ?? order) };
    }

    if (!field) return null;
    patterns.push(pattern);
    const ui = fieldUi(pattern, field);
    // The rules meta-schema holds ui.widget to the registry's names, so every name has its widget.
    if (widget) ui["ui:widget"] = widget;
    if (Array.isArray(node.enum)) {
      ui["ui:enumNames"] = node.enum.map((v) => (v === null ? "—" : choiceLabel(i18n, String(v))));
    }
    return { schema: clean(node), ui, order };
  };

  const root = build(options.schema, "");
  const steps = (rules.steps ?? []).filter(
    (s) => tab === undefined || s.tab === tab || s.fields.some((f) => under(f) || hints.has(f)),
  );
  if (!root) {
    return { schema: { type: "object", properties: {} }, uiSchema: {}, patterns, steps };
  }
  return { schema: root.schema as RJSFSchema, uiSchema: root.ui, patterns, steps };
}

/**
 * A source's tabs, in the order of their first field: the `tab` hints of the provider's sidecar (twitter:
 * publication, actions, reminders, filters, others; facebook and instagram without filters; the rest as theirs say).
 */
export function tabsOf(rules: ScopeRules): string[] {
  const first = new Map<string, number>();
  for (const field of Object.values(rules.fields)) {
    const tab = field.ui?.tab;
    if (!tab || field.ui?.widget === "hidden") continue;
    const order = field.ui?.order ?? Number.POSITIVE_INFINITY;
    first.set(tab, Math.min(first.get(tab) ?? Number.POSITIVE_INFINITY, order));
  }
  return [...first.entries()].sort((a, b) => a[1] - b[1]).map(([tab]) => tab);
}

/** The tab of a field path relative to its source (for a link from the side pane): its own hint or its parent's. */
export function tabOfPath(rules: ScopeRules, relative: string): string | undefined {
  const segments = relative.split(".").map((s) => (/^\d+$/.test(s) ? "*" : s));
  for (let n = segments.length; n > 0; n--) {
    const tab = rules.fields[segments.slice(0, n).join(".")]?.ui?.tab;
    if (tab) return tab;
  }
  // A step's own error (the actions step): the step's tab.
  const step = (rules.steps ?? []).find((s) => s.fields.some((f) => f === segments[0]));
  return step?.tab;
}
