// Copies the release build of the server into server/exportlens, so that
// `npm run package` ships it inside the .vsix. EXPORTLENS_BIN overrides the
// source (default: ../../target/release/exportlens, built with
// `cargo build --release -p cli`).
"use strict";
const fs = require("fs");
const path = require("path");

const here = path.resolve(__dirname, "..");
const src = process.env.EXPORTLENS_BIN || path.resolve(here, "..", "..", "target", "release", "exportlens");
const destDir = path.join(here, "server");
const dest = path.join(destDir, "exportlens");

if (!fs.existsSync(src)) {
  console.error(`bundle-server: ${src} is missing; build it with \`cargo build --release -p cli\` (or set EXPORTLENS_BIN)`);
  process.exit(1);
}
fs.mkdirSync(destDir, { recursive: true });
fs.copyFileSync(src, dest);
fs.chmodSync(dest, 0o755);
console.log(`bundle-server: ${src} -> ${path.relative(process.cwd(), dest)} (${fs.statSync(dest).size} bytes)`);
