/**
 * @rjsf/core renders a few of its own texts through markdown-to-jsx: a description or help text when a uiSchema asks
 * for `enableMarkdownInDescription`/`enableMarkdownInHelp`, and three messages (an unsupported field, an invalid
 * object schema, a file widget's file). The builder asks for neither option, draws descriptions and help with its
 * own templates (none), uses no file widget, and its schemas are checked, so none of that markdown is ever parsed.
 * This plugin gives rjsf a Markdown component that renders its text as it is, and the builder's chunk does without
 * markdown-to-jsx's 84 KB (decision 023). The verify method page, which renders docs/draw.md, keeps the real one.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const PLAIN = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../src/builder/rjsf/plain-markdown.tsx",
);

export function rjsfPlainText(): Plugin {
  return {
    name: "fairdraw:rjsf-plain-text",
    enforce: "pre",
    resolveId(source, importer) {
      if (!source.startsWith("markdown-to-jsx") || !importer) return null;
      return /[\\/]node_modules[\\/]@rjsf[\\/]core[\\/]/.test(importer) ? PLAIN : null;
    },
  };
}
