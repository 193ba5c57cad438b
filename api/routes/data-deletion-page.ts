/**
 * The page a person reaches by the status link of a Meta data deletion request (api/routes/meta-webhooks.ts): the
 * request's state and confirmation code in their language (the engine's catalogs: schemas/messages, page.deletion.*),
 * right to left in Arabic, light or dark as the system is (the app's colour roles, web/src/theme.css). Standalone
 * HTML with no script: a link from Facebook's settings opens it at once, signed in or not.
 */
import { catalogChain } from "../../engine/messages/catalogs";
import { formatMessage } from "../../engine/messages/format";
import type { ApiLocale } from "../locale";

export type DeletionState = {
  code: string;
  network: string;
  status: "completed" | "pending";
  requested_at: string;
  completed_at: string | null;
};

const html = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page for a request; `null`: no request has that code (answered 404). */
export function deletionPage(locale: ApiLocale, network: string, state: DeletionState | null): string {
  const chain = catalogChain(locale);
  const t = (key: string, values?: Record<string, string | number>) =>
    html(formatMessage(chain, key, values));
  const when = (iso: string) =>
    html(
      new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }).format(
        new Date(iso),
      ),
    );
  const body = state
    ? `<p class="state ${state.status}">${t(`page.deletion.${state.status}`, { network })}</p>
      <dl>
        <dt>${t("page.deletion.code")}</dt><dd><code>${html(state.code)}</code></dd>
        <dt>${t("page.deletion.requested_at")}</dt><dd>${when(state.requested_at)}</dd>
        ${state.completed_at ? `<dt>${t("page.deletion.completed_at")}</dt><dd>${when(state.completed_at)}</dd>` : ""}
      </dl>
      <p class="note">${t("page.deletion.keep_code")}</p>`
    : `<p class="state unknown">${t("page.deletion.unknown")}</p>`;
  return `<!doctype html>
<html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t("page.deletion.title", { network })} · Fairdraw</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <p class="brand">Fairdraw</p>
  <h1>${t("page.deletion.title", { network })}</h1>
  ${body}
</main>
</body>
</html>
`;
}

/** The app's colour roles (web/src/theme.css), light and dark. */
const STYLE = `
:root { color-scheme: light dark; --page: #fafafa; --surface: #fff; --text: #18181b; --soft: #3f3f46;
  --border: #e4e4e7; --accent: #4338ca; --ok: #14532d; --ok-bg: #dcfce7; --wait: #78350f; --wait-bg: #fef3c7;
  --muted-bg: #f4f4f5; }
@media (prefers-color-scheme: dark) { :root { --page: #0f0f12; --surface: #18181b; --text: #f4f4f5;
  --soft: #d4d4d8; --border: #2e2e34; --accent: #a5b4fc; --ok: #bbf7d0; --ok-bg: #052e16; --wait: #fde68a;
  --wait-bg: #3b2a06; --muted-bg: #26262b; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--page); color: var(--text);
  font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans Arabic", "Noto Sans Devanagari",
  "Noto Sans JP", sans-serif; display: flex; align-items: flex-start; justify-content: center; padding: 3rem 1rem; }
main { width: 100%; max-width: 34rem; background: var(--surface); border: 1px solid var(--border);
  border-radius: 12px; padding: 2rem; }
.brand { margin: 0 0 1.5rem; font-weight: 700; color: var(--accent); letter-spacing: 0.01em; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 1rem; }
:lang(ja) { word-break: auto-phrase; }
.state { margin: 0 0 1.5rem; padding: 0.75rem 1rem; border-radius: 8px; background: var(--muted-bg); }
.state.completed { background: var(--ok-bg); color: var(--ok); }
.state.pending { background: var(--wait-bg); color: var(--wait); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1.25rem; margin: 0 0 1.5rem; }
dt { color: var(--soft); }
dd { margin: 0; overflow-wrap: anywhere; }
code { font: 0.95rem ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; direction: ltr; unicode-bidi: isolate;
  background: var(--muted-bg); padding: 0.1rem 0.4rem; border-radius: 4px; }
.note { margin: 0; color: var(--soft); font-size: 0.875rem; }
@media (max-width: 480px) { body { padding: 1rem 0.75rem; } main { padding: 1.25rem; }
  dl { grid-template-columns: 1fr; gap: 0.15rem; } dd { margin-bottom: 0.6rem; } }
`;
