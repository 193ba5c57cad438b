/**
 * The builder in a story: the app's providers, the overlay and one run of the machine over a fixture config built
 * from schemas/ (web/src/builder/testing/fixtures.ts), with its calls answered in the story (no server: web/src/testing/fake-api.ts). `drive`
 * moves the machine into the state the story shows (a pane, a modal, errors) once it runs.
 */
import type { Decorator } from "@storybook/react-vite";
import { useEffect, useRef } from "react";
import type { User } from "../../codegen/types";
import type { Origin } from "../../engine/builder/origin";
import type { ServedConfig } from "../../web/src/builder/api";
import { BuilderSession } from "../../web/src/builder/BuilderSession";
import { Overlay } from "../../web/src/builder/ContestBuilder";
import type { BuilderActor } from "../../web/src/builder/context";
import type { BuilderCalls } from "../../web/src/builder/session";
import { fixtureConfig } from "../../web/src/builder/testing/fixtures";
import type { FakeRoutes } from "../../web/src/testing/fake-api";
import { demoUser } from "../../web/src/testing/fixtures";
import { Providers } from "../../web/src/testing/Providers";

export type StageProps = {
  config?: ServedConfig;
  origin?: Origin;
  form?: unknown;
  calls?: BuilderCalls;
  drive?(actor: BuilderActor): void;
};

/** Calls that succeed at once, as the server would answer them. */
export const okCalls: BuilderCalls = {
  submitContest: async () => ({ contest_id: "contest-1" }),
  saveDraft: async () => ({ contest_id: "draft-1" }),
  exportTemplate: async () => ({ template_id: "template-1" }),
};

export function BuilderStage({ config, origin = { kind: "new" }, form, calls = okCalls, drive }: StageProps) {
  const actor = useRef<BuilderActor | null>(null);
  const served = useRef(config ?? fixtureConfig());
  useEffect(() => {
    if (actor.current && drive) drive(actor.current);
  }, [drive]);
  return (
    <Overlay label="Contest builder">
      <BuilderSession
        served={served.current}
        origin={origin}
        form={form ?? (origin.kind === "new" ? undefined : {})}
        calls={calls}
        onClose={() => undefined}
        onActor={(a) => {
          actor.current = a;
        }}
      />
    </Overlay>
  );
}

/** The app's providers around a story; `parameters.user` picks the signed-in person. */
export const withProviders: Decorator = (Story, context) => (
  <Providers user={(context.parameters.user as User | undefined) ?? demoUser} path="/dashboard">
    <Story />
  </Providers>
);

/** The builder's own lists (welcome pane, shortlinks) answered empty; a story passes them to `installFakeApi`. */
export const EMPTY_LISTS: FakeRoutes = {
  "GET /teams/current/contests/list": { body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } },
  "GET /teams/current/templates/list": { body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } },
  "GET /teams/current/shortlinks/list": { body: { data: [] } },
};
