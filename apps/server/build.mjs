// Bundles the server's own code (and the contract's .ts) into dist/main.js; npm packages stay
// external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
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
