/**
 * The API's error body (decisions.md "API conventions") as data the pages can act on. app-shell.md §8: a body may
 * be an array, whose first item counts (status 400 when it has none); an item naming a field is a validation error.
 */
export type ErrorBody = {
  error: string;
  message: string;
  uid?: string;
  errors?: Record<string, string[]>;
};

export class ApiError extends Error {
  readonly status: number;
  readonly key: string;
  readonly uid: string | undefined;
  /** Field path → messages, for a 422. */
  readonly fields: Record<string, string[]>;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.key = body.error;
    this.uid = body.uid;
    this.fields = body.errors ?? {};
  }

  /** The first message of a field, for the form that sent it. */
  field(path: string): string | undefined {
    return this.fields[path]?.[0];
  }
}

/** The key used when the server could not be reached at all. */
export const NETWORK_ERROR = "network";

/** Any thrown value as an ApiError: an ApiError as it is, anything else (a bug, a lost connection) as status 0. */
export function asApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError(0, { error: "unknown", message: String(e) });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Reads whatever an error answer holds into one ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  let item: unknown = body;
  if (Array.isArray(body)) {
    item = body[0];
    if (isRecord(item) && typeof item.field === "string") {
      return new ApiError(typeof item.status === "number" ? item.status : 422, {
        error: "validation",
        message: "The given data was invalid.",
        errors: { [item.field]: [String(item.message ?? "")] },
      });
    }
    if (isRecord(item) && typeof item.status === "number") status = item.status;
    else status = status || 400;
  }
  if (isRecord(item) && typeof item.error === "string") {
    return new ApiError(status, {
      error: item.error,
      message: typeof item.message === "string" ? item.message : item.error,
      uid: typeof item.uid === "string" ? item.uid : undefined,
      errors: isRecord(item.errors) ? (item.errors as Record<string, string[]>) : undefined,
    });
  }
  return new ApiError(status, { error: `http${status}`, message: `HTTP ${status}` });
}
