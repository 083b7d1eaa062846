import { fileURLToPath } from "node:url";

// This file sits in src/ and is bundled into dist/main.js: one level below the package either way.
export const serverRoot = fileURLToPath(new URL("..", import.meta.url));
export const migrationsFolder = fileURLToPath(new URL("../src/db/migrations", import.meta.url));
export const webDistFolder = fileURLToPath(new URL("../../web/dist", import.meta.url));
