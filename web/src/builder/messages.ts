/**
 * The engine's errors as text in the person's language (schemas/messages; en and fr exist, the others fall back to
 * English), the way the API words its 422 body.
 */
import { catalogChain } from "../../../engine/messages/catalogs";
import { formatError } from "../../../engine/messages/format";
import type { FieldError } from "../../../engine/messages/types";

export function errorText(locale: string, error: FieldError): string {
  return formatError(catalogChain(locale), error);
}
