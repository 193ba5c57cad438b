/** `npm run schemas:check`: lints schemas/ (engine/node/check-schemas.ts) and prints every problem. */
import path from "node:path";
import { checkSchemaDir } from "../engine/node/check-schemas";
import { SCHEMAS_DIR } from "../engine/node/load-schemas";

const dir = process.argv[2] ? path.resolve(process.argv[2]) : SCHEMAS_DIR;
const problems = checkSchemaDir(dir);
if (problems.length > 0) {
  console.error(`schemas: ${problems.length} problem(s):`);
  for (const p of problems)
    console.error(`  ${path.relative(process.cwd(), p.file) || p.file}: ${p.message}`);
  process.exit(1);
}
console.warn(`schemas: ${path.relative(process.cwd(), dir) || dir} is valid.`);
