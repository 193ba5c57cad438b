/**
 * The one ajv set-up (2020-12, strict mode, formats) used for structural checks and schema defaults,
 * in the browser and on the server alike.
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

export function createAjv(opts: { useDefaults?: boolean } = {}) {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    discriminator: true,
    useDefaults: opts.useDefaults ?? false,
  });
  addFormats(ajv);
  return ajv;
}
