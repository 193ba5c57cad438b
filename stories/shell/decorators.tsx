/**
 * The providers a shell story renders in (web/src/testing/Providers.tsx): a story picks the signed-in user and the
 * path through its parameters, e.g. `parameters: { user: userWith(...), path: "/team/members" }`.
 */
import type { Decorator } from "@storybook/react-vite";
import type { User } from "../../codegen/types";
import { demoUser } from "../../web/src/testing/fixtures";
import { Providers } from "../../web/src/testing/Providers";

export type ShellParameters = { user?: User | null; path?: string; route?: string };

export const withShell: Decorator = (Story, { parameters }) => {
  const { user = demoUser, path = "/", route = "*" } = parameters as ShellParameters;
  return (
    <Providers user={user} path={path} route={route}>
      <Story />
    </Providers>
  );
};

/** A date `seconds` from now, for countdowns. */
export function inSeconds(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString();
}
