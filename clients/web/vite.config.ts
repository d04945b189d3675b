import { defineConfig } from "vitest/config";

export default defineConfig({
  // Absolute asset URLs: the server answers client routes such as /r/CODE with index.html, and
  // relative URLs would then point below /r/.
  base: "/",
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
