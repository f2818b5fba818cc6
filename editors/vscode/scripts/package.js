// Packages the extension for one platform, with that platform's exportlens
// binary inside: `vsce package --target <target>` after copying the binary
// into server/. The Marketplace and Open VSX serve each user the package of
// their platform.
//
//   node scripts/package.js [--target T] [--bin PATH] [--out FILE]
//   npm run package -- --target darwin-arm64 --bin /path/to/exportlens
//
// --target: one of TARGETS below; default: this machine's.
// --bin: the binary (default: $EXPORTLENS_BIN, else
//   ../../target/<rust triple>/release/exportlens[.exe] as
//   `cargo build --release -p cli --target <rust triple>` builds it, else,
//   for this machine's target, ../../target/release/exportlens).
// --out: default exportlens-<target>-<version>.vsix in editors/vscode.
// The binary's header must match the target (ELF/Mach-O/PE, CPU, glibc or
// musl), so a package never ships another platform's binary.
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const here = path.resolve(__dirname, "..");
const repo = path.resolve(here, "..", "..");

const EM_X86_64 = 62;
const EM_AARCH64 = 183;
const TARGETS = {
  "linux-x64": { triple: "x86_64-unknown-linux-gnu", format: "elf", machine: EM_X86_64, libc: "glibc" },
  "linux-arm64": { triple: "aarch64-unknown-linux-gnu", format: "elf", machine: EM_AARCH64, libc: "glibc" },
  "alpine-x64": { triple: "x86_64-unknown-linux-musl", format: "elf", machine: EM_X86_64, libc: "musl" },
  "darwin-x64": { triple: "x86_64-apple-darwin", format: "macho", machine: 0x01000007 },
  "darwin-arm64": { triple: "aarch64-apple-darwin", format: "macho", machine: 0x0100000c },
  "win32-x64": { triple: "x86_64-pc-windows-msvc", format: "pe", machine: 0x8664, exe: "exportlens.exe" },
};

function fail(msg) {
  console.error(`package: ${msg}`);
  process.exit(1);
}

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(target|bin|out)(?:=(.*))?$/.exec(argv[i]);
    if (!m) {
      fail(`unknown argument ${argv[i]} (usage: node scripts/package.js [--target T] [--bin PATH] [--out FILE])`);
    }
    const value = m[2] !== undefined ? m[2] : argv[++i];
    if (value === undefined || value === "") {
      fail(`--${m[1]} needs a value`);
    }
    args[m[1]] = value;
  }
  return args;
}

function hostTarget() {
  const arch = { x64: "x64", arm64: "arm64" }[process.arch];
  if (process.platform === "linux") {
    // No glibc version in the process report: a musl libc (Alpine).
    const musl = !process.report.getReport().header.glibcVersionRuntime;
    return musl ? `alpine-${arch}` : `linux-${arch}`;
  }
  return `${process.platform}-${arch}`;
}

// What the binary's header says: { format, machine, libc }, or a reason.
function describeBinary(file) {
  const b = fs.readFileSync(file);
  if (b.length >= 64 && b.readUInt32BE(0) === 0x7f454c46) {
    if (b[4] !== 2 || b[5] !== 1) {
      return { error: "an ELF file that is not 64-bit little-endian" };
    }
    const machine = b.readUInt16LE(18);
    // A glibc binary names ld-linux as its interpreter; a musl one is
    // static or names ld-musl.
    let libc = "musl";
    const phoff = Number(b.readBigUInt64LE(32));
    const phentsize = b.readUInt16LE(54);
    const phnum = b.readUInt16LE(56);
    for (let i = 0; i < phnum; i++) {
      const ph = phoff + i * phentsize;
      if (b.readUInt32LE(ph) === 3) {
        const off = Number(b.readBigUInt64LE(ph + 8));
        const size = Number(b.readBigUInt64LE(ph + 32));
        const interp = b.toString("latin1", off, off + size);
        libc = interp.includes("ld-musl") ? "musl" : "glibc";
      }
    }
    return { format: "elf", machine, libc };
  }
  if (b.length >= 8 && b.readUInt32LE(0) === 0xfeedfacf) {
    return { format: "macho", machine: b.readUInt32LE(4) };
  }
  if (b.length >= 0x40 && b.toString("latin1", 0, 2) === "MZ") {
    const pe = b.readUInt32LE(0x3c);
    if (pe + 6 <= b.length && b.readUInt32BE(pe) === 0x50450000) {
      return { format: "pe", machine: b.readUInt16LE(pe + 4) };
    }
  }
  return { error: "not an ELF, 64-bit Mach-O or PE executable" };
}

function checkBinary(file, target) {
  const want = TARGETS[target];
  const got = describeBinary(file);
  const show = (d) => (d.error ? d.error : `${d.format}, machine 0x${d.machine.toString(16)}${d.libc ? `, ${d.libc}` : ""}`);
  const matches =
    !got.error && got.format === want.format && got.machine === want.machine && (!want.libc || got.libc === want.libc);
  if (!matches) {
    fail(`${file} is not a ${target} binary (${want.triple}): it is ${show(got)}, the target needs ${show(want)}`);
  }
}

function defaultBinary(target) {
  const exe = TARGETS[target].exe || "exportlens";
  const candidates = [path.join(repo, "target", TARGETS[target].triple, "release", exe)];
  if (target === hostTarget()) {
    candidates.push(path.join(repo, "target", "release", exe));
  }
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    fail(
      `no ${target} binary: looked for ${candidates.join(" and ")}. Build it with ` +
        `\`cargo build --release -p cli --target ${TARGETS[target].triple}\`, or pass --bin PATH (or EXPORTLENS_BIN)`,
    );
  }
  return found;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const target = args.target || hostTarget();
  if (!TARGETS[target]) {
    fail(`unknown target ${target}; one of ${Object.keys(TARGETS).join(", ")}`);
  }
  const bin = path.resolve(args.bin || process.env.EXPORTLENS_BIN || defaultBinary(target));
  if (!fs.existsSync(bin)) {
    fail(`${bin} is missing`);
  }
  checkBinary(bin, target);

  const version = JSON.parse(fs.readFileSync(path.join(here, "package.json"), "utf8")).version;
  const out = path.resolve(args.out || path.join(here, `exportlens-${target}-${version}.vsix`));

  // server/ holds exactly this target's binary, named as src/server.ts
  // looks it up (exportlens.exe on Windows).
  const serverDir = path.join(here, "server");
  fs.rmSync(serverDir, { recursive: true, force: true });
  fs.mkdirSync(serverDir);
  const dest = path.join(serverDir, TARGETS[target].exe || "exportlens");
  fs.copyFileSync(bin, dest);
  fs.chmodSync(dest, 0o755);
  console.log(`package: ${bin} -> ${path.relative(here, dest)} (${fs.statSync(dest).size} bytes)`);

  // vsce runs `vscode:prepublish` (the TypeScript build) itself.
  const vsce = require.resolve("@vscode/vsce/vsce", { paths: [here] });
  const run = spawnSync(process.execPath, [vsce, "package", "--target", target, "--out", out], {
    cwd: here,
    stdio: "inherit",
  });
  if (run.status !== 0) {
    fail(`vsce package --target ${target} failed (exit ${run.status})`);
  }
  console.log(`package: ${out}`);
}

main();
