/**
 * The `when` conditions of a sidecar entry (docs/rules.md: `path`, `!path`, `path==value`, `path!=value`) checked
 * for one element of a list, so a list editor shows only the parts of an element that are in play (a twitter
 * reminder of type retweet has no text, media or dark flag). Paths are relative to the source; a `*` is the
 * element's own position.
 */
import { getPath, isTruthy } from "../../../../engine/values";

const CONDITION = /^(!)?([A-Za-z0-9_.*$]+?)(?:(==|!=)(.*))?$/;

export function conditionHolds(condition: string, scope: unknown, index: number): boolean {
  const m = CONDITION.exec(condition.trim());
  if (!m?.[2]) return true;
  const [, not, path = "", comparator, expected] = m;
  const value = getPath(scope, path.replace(/\*/g, String(index)));
  if (comparator === "==") return String(value ?? "") === expected;
  if (comparator === "!=") return String(value ?? "") !== expected;
  return not ? !isTruthy(value) : isTruthy(value);
}

export function conditionsHold(
  conditions: readonly string[] | undefined,
  scope: unknown,
  index: number,
): boolean {
  return (conditions ?? []).every((c) => conditionHolds(c, scope, index));
}
