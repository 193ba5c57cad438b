/**
 * `npm run schemas:check`: every schema under schemas/ compiles under ajv's strict mode (2020-12 meta-schema
 * valid, no unknown keywords) and has a title for codegen.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createAjv } from "../engine/ajv";

const files = readdirSync("schemas", { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".schema.json"))
  .map((f) => path.join("schemas", f))
  .sort();

const ajv = createAjv();
const problems: string[] = [];
const schemas = files.map((file) => ({ file, schema: JSON.parse(readFileSync(file, "utf8")) }));
for (const { file, schema } of schemas) {
  if (typeof schema.title !== "string") problems.push(`${file}: needs a "title"`);
  try {
    ajv.addSchema(schema);
  } catch (err) {
    problems.push(`${file}: ${(err as Error).message}`);
  }
}
for (const { file, schema } of schemas) {
  try {
    ajv.compile({ $ref: schema.$id });
  } catch (err) {
    problems.push(`${file}: ${(err as Error).message}`);
  }
}
if (problems.length > 0) {
  console.error(`schemas: ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.warn(`schemas: ${files.length} schema(s) valid.`);
