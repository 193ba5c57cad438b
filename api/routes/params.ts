/**
 * A path's object id: api/ids.ts makes them 24 hex digits. Registered as a pattern so a fixed segment beside it
 * (`/contests/list`, `/contests/quickdraw`, `/templates/create`) is never taken for an id, whatever the order the
 * routes are mounted in. Typed as plain `:id`, the name the typed client (`hc<AppType>`) and the OpenAPI table
 * (api/openapi/routes.ts) use; an id that is not one now meets the API's 404 for a path it does not have.
 */
export const ID = ":id{[0-9a-f]{24}}" as ":id";
