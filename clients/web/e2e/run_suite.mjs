// Runs the browser suite (vitest.e2e.config.ts), then once more only the files that failed.
// Each file starts its own server and browser, so a second run of a file starts clean; a file
// that fails twice fails the suite. A browser test that passes only the second time is named
// loudly at the end ("flaky"), so the flake is seen and mended, not hidden: CI's log keeps
// both runs. Exit code: the second run's, or the first's when nothing failed. Arguments are
// vitest's file filters for the first run (none: every file).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const config = "vitest.e2e.config.ts";
const scratch = mkdtempSync(join(tmpdir(), "carc-e2e-run-"));
const report = join(scratch, "first.json");

function vitest(args) {
  const run = spawnSync("npx", ["--no-install", "vitest", "run", "--config", config, ...args], {
    stdio: "inherit",
  });
  return run.status ?? 1;
}

const first = vitest([
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${report}`,
  ...process.argv.slice(2),
]);
if (first === 0) {
  rmSync(scratch, { recursive: true, force: true });
  process.exit(0);
}

let failed = [];
try {
  const results = JSON.parse(readFileSync(report, "utf8"));
  failed = results.testResults
    .filter((file) => file.status !== "passed")
    .map((file) => ({
      file: relative(process.cwd(), file.name),
      tests: file.assertionResults
        .filter((t) => t.status === "failed")
        .map((t) => `${t.fullName}: ${(t.failureMessages[0] ?? "").split("\n")[0]}`),
    }));
} catch (error) {
  console.error(`e2e: the first run left no readable report (${error.message}): no second run`);
  process.exit(first);
}
rmSync(scratch, { recursive: true, force: true });
if (failed.length === 0) process.exit(first);

console.error(`\ne2e: ${failed.length} file(s) failed; running them once more:`);
for (const f of failed) {
  console.error(`  ${f.file}`);
  for (const t of f.tests) console.error(`    failed: ${t}`);
}
const second = vitest(failed.map((f) => f.file));
if (second === 0) {
  console.error(`\ne2e: FLAKY: passed only on a second run: ${failed.map((f) => f.file).join(", ")}`);
  for (const f of failed) for (const t of f.tests) console.error(`  first run: ${t}`);
} else {
  console.error(`\ne2e: FAILED twice: ${failed.map((f) => f.file).join(", ")}`);
}
process.exit(second);
