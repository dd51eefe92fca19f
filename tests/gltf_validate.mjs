// Validate GLB files with Khronos gltf-validator; prints one JSON report per file.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
const require = createRequire(new URL("../web/package.json", import.meta.url));
const validator = require("gltf-validator");

const results = {};
for (const path of process.argv.slice(2)) {
  const report = await validator.validateBytes(new Uint8Array(await readFile(path)), {
    maxIssues: 20,
    externalResourceFunction: () => Promise.reject(new Error("no external resources")),
  });
  results[path] = { errors: report.issues.numErrors, warnings: report.issues.numWarnings,
    messages: report.issues.messages.filter((m) => m.severity === 0).map((m) => `${m.code}: ${m.message} (${m.pointer})`) };
}
console.log(JSON.stringify(results));
