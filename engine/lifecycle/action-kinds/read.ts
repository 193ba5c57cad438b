/** Small readers of an action's untyped stored settings: anything missing or malformed reads as off. */
import { getIn } from "../../values";

export function at(root: unknown, ...path: string[]): unknown {
  return getIn(root, path);
}

export function on(root: unknown, ...path: string[]): boolean {
  return at(root, ...path, "enabled") === true;
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function positiveNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | null {
  return allowed.find((a) => a === value) ?? null;
}
