/**
 * The validator each builder form hands rjsf (decision 023). rjsf only draws (the engine validates), but it asks
 * its validator which branch of a oneOf/anyOf/if a value takes, so it needs one: the ajv code compiled for that form
 * at build time (codegen/forms/validators.js, `npm run codegen`), never ajv compiling schemas in the browser.
 *
 * A form whose schema has no compiled code (a sidecar edited without `npm run codegen`, in development; a provider
 * registered at run time by a test) falls back to rjsf's ajv validator, loaded on demand in a chunk of its own:
 * `npm run codegen:check` keeps the shipped app from needing it.
 */
import { hashForSchema, type RJSFSchema, type ValidatorType } from "@rjsf/utils";
// The module itself, not the package's index: the index also holds the ajv validator, which the fallback loads apart.
import createPrecompiledValidator from "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js";
import { useEffect, useMemo, useState } from "react";
import { validators } from "../../../../codegen/forms/validators.js";

const precompiled = new Map<string, ValidatorType>();

/** The form's compiled validator, or undefined when its schema has none. */
export function precompiledValidator(schema: RJSFSchema): ValidatorType | undefined {
  const key = hashForSchema(schema);
  if (!(key in validators)) return undefined;
  let validator = precompiled.get(key);
  if (!validator) {
    validator = createPrecompiledValidator(validators, schema);
    precompiled.set(key, validator);
  }
  return validator;
}

let runtime: Promise<ValidatorType> | undefined;
let loaded: ValidatorType | undefined;

function runtimeValidator(): Promise<ValidatorType> {
  runtime ??= import("@rjsf/validator-ajv8").then((m) => {
    loaded = m.default;
    return m.default;
  });
  return runtime;
}

/** The validator of a form's schema: the compiled one, else (null until it is loaded) rjsf's ajv validator. */
export function useFormValidator(schema: RJSFSchema | undefined): ValidatorType | null {
  const compiled = useMemo(() => (schema ? precompiledValidator(schema) : undefined), [schema]);
  const [fallback, setFallback] = useState(loaded);
  const needsFallback = Boolean(schema) && !compiled;
  useEffect(() => {
    if (!needsFallback || fallback) return;
    console.warn("A builder form has no compiled validator: run `npm run codegen`.");
    let live = true;
    void runtimeValidator().then((v) => live && setFallback(v));
    return () => {
      live = false;
    };
  }, [needsFallback, fallback]);
  return compiled ?? (needsFallback ? (fallback ?? null) : null);
}
