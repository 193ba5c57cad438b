/** Renders one builder widget inside the app's providers (router, session, dialogs) with a test formContext. */
import { render } from "@testing-library/react";
import { getPath } from "../../../../engine/values";
import {
  type HarnessProps,
  type TestContext,
  WidgetHarness,
  WithProviders,
} from "../../../../stories/builder/widgets/fixtures";

export function renderWidget(props: HarnessProps) {
  return render(
    <WithProviders>
      <WidgetHarness {...props} />
    </WithProviders>,
  );
}

/** A value of the test builder's form by its dotted path. */
export function valueAt(ctx: TestContext, path: string): unknown {
  return getPath(ctx.form, path);
}
