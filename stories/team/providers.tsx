/**
 * The team stories render inside the app's providers (web/src/testing/Providers): a story picks the signed-in
 * user with `parameters.user` (the demo owner of a business team by default). No server: a dialog that would
 * load data gets it as a prop, and nothing in a story's play function sends a call.
 */
import type { Decorator } from "@storybook/react-vite";
import type { User } from "../../codegen/types";
import { demoUser, userWith } from "../../web/src/testing/fixtures";
import { Providers } from "../../web/src/testing/Providers";

export const withProviders: Decorator = (Story, context) => (
  <Providers user={(context.parameters.user as User | undefined) ?? demoUser}>
    <Story />
  </Providers>
);

/** The demo user without one plan feature. */
export function withoutFeature(feature: string): User {
  return userWith((u) => {
    u.currentTeam.features = u.currentTeam.features.filter((f) => f !== feature);
  });
}

/** The demo user without some permissions. */
export function without(...permissions: string[]): User {
  return userWith((u) => {
    for (const p of permissions) u.permissions[p] = false;
  });
}
