import { defineConfig } from "vitest/config";

export default defineConfig({
  // Relative asset URLs, so that the built files work from any directory they are served from.
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    // `npm run dev`: the page talks to a carcassonne-server on localhost:8080 through /ws.
    proxy: {
      "/ws": { target: "ws://localhost:8080", ws: true },
    },
  },
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
  },
});
