import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { buildInfoDefines } from "./build-info.ts";

const API_TARGET = "http://localhost:8080";

/** Two pages: the app (index.html) and the public feedback form (form.html, served for /form/*). */
const PAGES = {
  index: fileURLToPath(new URL("./index.html", import.meta.url)),
  form: fileURLToPath(new URL("./form.html", import.meta.url)),
};

/** In `vite dev`, /form/<uuid> gets form.html, as the server does in production (platform/web.ts). */
function formPageInDev(): Plugin {
  return {
    name: "nadoy-form-page",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/form\/[^/?]+/.test(request.url) && request.headers.accept?.includes("text/html")) {
          request.url = "/form.html";
        }
        next();
      });
    },
  };
}

/** Text files worth compressing (the server's on-the-fly compression starts at 1 KB too). */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Brotli (best) and gzip copies of every text file of the build, next to it (x.js.br, x.js.gz),
 * which the server sends as they are (@fastify/static preCompressed): ~15 % fewer bytes than the
 * quick on-the-fly brotli, and no compression work per request. Issue 16: a rural link.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "nadoy-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/") ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

const FIRST_VIEW_SCRIPT = fileURLToPath(new URL("./public/first-view.js", import.meta.url));

/**
 * index.html of the build names the app's scripts in a JSON list (#app-scripts) instead of loading
 * them, and carries public/first-view.js inline (one round trip less on a slow link): the script
 * asks for the first data first and then adds the app's scripts, so that the data is not queued
 * behind ~20 scripts on the link's six connections (issue 16 item 13). The server allows exactly
 * this inline script by its hash (apps/server platform/web.ts inlineScriptHashes); a JSON block
 * is not run. form.html is left as it is.
 */
export function firstViewLoader(): Plugin {
  return {
    name: "nadoy-first-view-loader",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        if (!context.filename.endsWith("index.html")) return html;
        const entry = MODULE_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error("index.html: the app's module script was not found");
        const preload = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
        const list = JSON.stringify({ entry, preload });
        const loader = '<script async src="/first-view.js"></script>';
        if (!html.includes(loader)) throw new Error("index.html: the first-view script was not found");
        // Whole-line comments go (fewer bytes); the code is kept as written.
        const code = readFileSync(FIRST_VIEW_SCRIPT, "utf8")
          .split("\n")
          .filter((line) => !/^\s*\/\//.test(line))
          .map((line) => line.trim())
          .join("\n");
        // The list comes before the script, which reads it when it starts the app.
        return html
          .replace(MODULE_SCRIPT, "")
          .replace(MODULE_PRELOAD, "")
          .replace(
            loader,
            `<script type="application/json" id="app-scripts">${list}</script>\n    <script>${code}</script>`,
          );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), formPageInDev(), firstViewLoader(), precompress()],
  define: buildInfoDefines(),
  server: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: true },
      "/ws": { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The one chunk above 500 kB is ECharts (core, line and bar charts, SVG: ~190 kB gzipped),
    // loaded only when a page draws a chart.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      input: PAGES,
      output: {
        codeSplitting: {
          // React and the router change far less often than the app: long-cached chunks of their
          // own. The router is apart from React so that the public form page (no router) does
          // not load it. Everything else (antd included) is split by the lazy routes that use it.
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "router", test: /node_modules[\\/]react-router[\\/]/ },
            // antd's Tooltip (with the popup placements it shares) is used by the shell's menus,
            // badges and popovers: in a chunk of its own it does not drag Typography and Input
            // (which share it) into the first page.
            {
              name: "antd-tooltip",
              test: /node_modules[\\/](antd[\\/]es[\\/](tooltip|_util[\\/]placements)|@rc-component[\\/]tooltip)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
