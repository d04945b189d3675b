import { defineConfig } from "vitest/config";

// The browser end-to-end tests (e2e/): a real carcassonne-server and Chromium through
// playwright-core. Run with `npm run e2e`; `npm test` runs only test/ (vite.config.ts).
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    // A whole game by clicking takes about 25 s here, longer under ASan; the tests have their own deadline.
    testTimeout: 400_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // One server and one browser per file: run the files one at a time, in this process's pool.
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
  },
});
