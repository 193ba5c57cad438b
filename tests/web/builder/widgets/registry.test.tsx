import Form from "@rjsf/core";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import validator from "@rjsf/validator-ajv8";
import { fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import rulesMeta from "../../../../schemas/meta/rules.schema.json";
import { formWith, makeContext, WithProviders } from "../../../../stories/builder/widgets/fixtures";
import { ID_PREFIX, ID_SEPARATOR } from "../../../../web/src/builder/form-context";
import { BUILDER_WIDGET_NAMES, builderWidgets } from "../../../../web/src/builder/widgets";
import { activateLocale } from "../../../../web/src/i18n/activate";

beforeAll(() => activateLocale("en"));

const sidecars = import.meta.glob<{ fields: Record<string, { ui?: { widget?: string } }> }>(
  "../../../../schemas/contest/**/*.rules.json",
  { eager: true, import: "default" },
);

describe("builderWidgets", () => {
  it("has a widget for every widget name the rule sidecars use", () => {
    const used = new Set(
      Object.values(sidecars).flatMap((s) =>
        Object.values(s.fields).flatMap((f) => (f.ui?.widget ? [f.ui.widget] : [])),
      ),
    );
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect(Object.keys(builderWidgets)).toContain(name);
    expect(Object.keys(builderWidgets).sort()).toEqual([...BUILDER_WIDGET_NAMES].sort());
  });

  it("is the list the rules meta-schema allows for ui.widget, so schemas:check refuses any other name", () => {
    expect([...rulesMeta.$defs.ui.properties.widget.enum].sort()).toEqual([...BUILDER_WIDGET_NAMES].sort());
  });

  it("works inside an rjsf form: the form's id scheme gives the path, rjsf's onChange and onBlur flow through", () => {
    const ctx = makeContext({
      form: formWith([], { name: "", exclude_contains_badword: { enabled: true, list: [] } }),
    });
    const schema: RJSFSchema = {
      type: "object",
      properties: {
        name: { type: "string", title: "Name" },
        exclude_contains_badword: {
          type: "object",
          properties: { list: { type: "array", title: "Bad words", items: { type: "string" } } },
        },
      },
    };
    const uiSchema: UiSchema = {
      name: { "ui:widget": "text" },
      exclude_contains_badword: { list: { "ui:widget": "keywords" } },
    };
    let data: Record<string, unknown> = { name: "", exclude_contains_badword: { list: [] } };
    const blurred: string[] = [];
    render(
      <WithProviders>
        <Form
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          widgets={builderWidgets}
          formContext={ctx}
          formData={data}
          idPrefix={`${ID_PREFIX}base`}
          idSeparator={ID_SEPARATOR}
          onChange={(e) => {
            data = e.formData;
          }}
          onBlur={(id) => blurred.push(id)}
        />
      </WithProviders>,
    );
    const name = document.getElementById("fd-base.name") as HTMLInputElement;
    fireEvent.change(name, { target: { value: "Summer giveaway" } });
    expect(screen.getByText("15 / 50")).toBeTruthy();
    fireEvent.blur(name);
    const words = screen.getByLabelText("Bad words");
    fireEvent.change(words, { target: { value: "spam" } });
    fireEvent.keyDown(words, { key: "Enter" });
    expect(data).toEqual({ name: "Summer giveaway", exclude_contains_badword: { list: ["spam"] } });
    expect(blurred).toEqual(["fd-base.name"]);
  });
});
