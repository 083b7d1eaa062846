// Bundles the server's own code (and the contract's .ts) into dist/main.js, and the DC305 parser's
// worker into dist/staging-worker.js; npm packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  // The DC305 parser's worker thread beside main.js (upload/staging-worker-client.ts finds it there).
  entryPoints: { main: "src/main.ts", "staging-worker": "src/features/herd/upload/staging-worker.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // The contract is a workspace package of .ts files: bundle it instead of leaving it external.
  plugins: [
    {
      name: "bundle-contract",
      setup(b) {
        b.onResolve({ filter: /^@nadoy\/contract\// }, (args) => ({
          path: new URL(`../../packages/contract/src/${args.path.slice("@nadoy/contract/".length)}.ts`, import.meta.url)
            .pathname,
        }));
      },
    },
  ],
  sourcemap: true,
  logLevel: "warning",
});
