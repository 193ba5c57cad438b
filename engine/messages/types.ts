/**
 * The engine speaks in message keys with values; only web/ and the API's response layer turn them into text
 * (schemas/messages/{locale}.json). A value may itself be a key, e.g. the label of another field for {x}.
 */
export type MessageKey = string;
export type MessageValue = string | number | { key: MessageKey };
export type MessageValues = Readonly<Record<string, MessageValue>>;

/** One failed rule on one field. */
export type FieldError = { key: MessageKey; values?: MessageValues; rule: string };

/** Dotted form path (decisions.md) → the errors of that field, the first one shown. */
export type ValidationErrors = Record<string, FieldError[]>;
