/** Shortlink settings of schemas/constants.json (app-shell.md §5, §9). */
import constants from "../../../schemas/constants.json";

/** The configured short domains; the first is the default. */
export const SHORTLINK_DOMAINS: readonly string[] = constants.shortlinks.domains;
/** "Last 5 shortlinks listed." */
export const SHORTLINKS_LISTED: number = constants.shortlinks.listed;
export const SHORTLINK_KEY = constants.shortlinks.key;

export const CUSTOM_KEY_FEATURE = "shortlinksCustomKey";
export const STATISTICS_FEATURE = "shortlinks.statistics";
