import type { Context } from "hono";
import { getCookie } from "hono/cookie";

const SUPPORTED = ["en", "fr", "ar", "hi", "ja"] as const;
export type ApiLocale = (typeof SUPPORTED)[number];

/** The request's language: the `locale` cookie, then Accept-Language, then English (decisions.md). */
export function requestLocale(c: Context): ApiLocale {
  const cookie = getCookie(c, "locale");
  if (cookie && (SUPPORTED as readonly string[]).includes(cookie)) return cookie as ApiLocale;
  const header = c.req.header("accept-language") ?? "";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().split("-")[0] ?? "";
    if ((SUPPORTED as readonly string[]).includes(tag)) return tag as ApiLocale;
  }
  return "en";
}
