/// <reference types="node" />
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vitest/config";
import { appIconPng } from "./tools/app_icons";

// Text files at least this large get precompressed siblings; smaller ones gain too little.
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

/**
 * Writes name.br and name.gz beside every compressible file of the build, at the strongest
 * settings (once per build, not per request): carcassonne-server sends the variant a browser
 * accepts. Node's own zlib does both codings, so no plugin package is needed.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "carc-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const path of walk(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const data = readFileSync(path);
        if (data.length < COMPRESS_MIN_BYTES) continue;
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}

/** The manifest's icons (public/manifest.webmanifest names them), drawn at build time. */
function appIcons(): Plugin {
  return {
    name: "carc-app-icons",
    apply: "build",
    generateBundle() {
      for (const size of [192, 512]) {
        this.emitFile({ type: "asset", fileName: `icons/icon-${size}.png`, source: appIconPng(size) });
      }
    },
  };
}

export default defineConfig({
  // Absolute asset URLs: the server answers client routes such as /r/CODE with index.html, and
  // relative URLs would then point below /r/.
  base: "/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // One chunk per language other than English: its shared words and every game's
        // (src/i18n/nl.ts, src/i18n/play/nl.ts, src/games/*/i18n/nl.ts, ...), fetched together
        // by loadLanguage(). The English words of the game screens (src/i18n/play/en.ts) are a
        // chunk of their own, fetched with a game's code.
        manualChunks(id) {
          if (/\/src\/i18n\/play\/en\.ts$/.test(id)) return "play-words-en";
          const lang = /\/i18n\/(?:play\/)?(nl|de|sv)\.ts$/.exec(id)?.[1];
          return lang === undefined ? undefined : `lang-${lang}`;
        },
      },
    },
  },
  plugins: [appIcons(), precompress()],
  server: {
    // `npm run dev`: the page talks to a carcassonne-server on localhost:8080 through /ws.
    proxy: {
      "/ws": { target: "ws://localhost:8080", ws: true },
    },
  },
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    environment: "node",
    // Worker threads, not forked processes: the suite is mostly per-file set-up, which threads
    // make cheaper (143 s -> 120 s wall, 184 s -> 154 s CPU alone on 2 cores; all 859 pass).
    pool: "threads",
  },
});
