// Playwright drives Debian's Chromium (browser downloads do not work here). Installs it with
// apt-get when it is missing and we are root; otherwise says exactly what to install.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium не найден: устанавливаю пакет Debian chromium (apt-get)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execSync("apt-get update -qq && apt-get install -y -qq chromium", { stdio: "inherit", env });
  } else {
    console.error(
      `Нет ${CHROMIUM}. Установите пакет Debian: sudo apt-get install chromium\n` +
        `(Chromium is missing; install Debian's package: sudo apt-get install chromium)`,
    );
    process.exit(1);
  }
}
