/**
 * The networks as data (schemas/providers/*.json, typed by codegen): one list for the whole web app. Product staff
 * add a network by adding its file; every page reads it from here.
 */
import type { ProviderDefinition } from "../../codegen/types";

export type { ProviderDefinition };

const files = import.meta.glob<ProviderDefinition>("../../schemas/providers/*.json", {
  eager: true,
  import: "default",
});

/** Every network, in file order (the order the server's catalogue matches links in). */
export const PROVIDERS: readonly ProviderDefinition[] = Object.keys(files)
  .sort()
  .flatMap((file) => {
    const def = files[file];
    return def ? [def] : [];
  });

/** Every network by display name, for the lists people read. */
export const PROVIDERS_BY_DISPLAY_NAME: readonly ProviderDefinition[] = [...PROVIDERS].sort((a, b) =>
  a.display_name.localeCompare(b.display_name),
);

const byName = new Map(PROVIDERS.map((p) => [p.name, p]));

/**
 * Adds a definition besides the bundled ones (tests: a provider that exists only under tests/fixtures/schemas, to
 * show that its files are all the web app needs), as registerSchema does for its schemas.
 */
export function registerProvider(definition: ProviderDefinition): void {
  byName.set(definition.name, definition);
}

export function providerOf(name: string): ProviderDefinition | undefined {
  return byName.get(name);
}
