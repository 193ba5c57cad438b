/**
 * Turns an engine error (key + values) into text from message catalogs (schemas/messages/{locale}.json),
 * falling back through the chain (the person's language, then English). `{x}`-style placeholders; a value that
 * is itself a key (another field's label) is looked up too.
 */
import type { FieldError, MessageKey, MessageValues, ValidationErrors } from "./types";

export type Catalog = Readonly<Record<string, string>>;

function lookup(chain: readonly Catalog[], key: MessageKey): string | undefined {
  for (const catalog of chain) {
    const text = catalog[key];
    if (text !== undefined) return text;
  }
  return undefined;
}

export function formatMessage(chain: readonly Catalog[], key: MessageKey, values?: MessageValues): string {
  const template = lookup(chain, key) ?? key;
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    if (typeof value === "object") return lookup(chain, value.key) ?? value.key;
    return String(value);
  });
}

export function formatError(chain: readonly Catalog[], error: FieldError): string {
  return formatMessage(chain, error.key, error.values);
}

/** path → messages, as the API's 422 body carries them (decisions.md). */
export function formatErrors(chain: readonly Catalog[], errors: ValidationErrors): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, list] of Object.entries(errors)) out[path] = list.map((e) => formatError(chain, e));
  return out;
}
