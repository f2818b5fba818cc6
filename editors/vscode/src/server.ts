// Finding the exportlens binary and translating the extension's settings
// into the server's `exportlens` configuration section.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";

export interface Found {
  /** The binary, when one was found. */
  path?: string;
  /** Where it came from: the setting, the extension, or PATH. */
  source?: "setting" | "bundled" | "PATH";
  /** Why none was found, with the fix. */
  error?: string;
}

const EXE = process.platform === "win32" ? "exportlens.exe" : "exportlens";

function isExecutableFile(p: string): boolean {
  try {
    if (!fs.statSync(p).isFile()) {
      return false;
    }
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Expand `~` and `${workspaceFolder}`, and resolve a relative path
 * against the first workspace folder. */
export function expandPath(p: string): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  let out = p.trim();
  if (out === "~" || out.startsWith("~/")) {
    out = path.join(os.homedir(), out.slice(1));
  }
  if (folder) {
    out = out.replace(/\$\{workspaceFolder\}/g, folder);
    if (!path.isAbsolute(out)) {
      out = path.resolve(folder, out);
    }
  }
  return out;
}

function onPath(name: string): string | undefined {
  const dirs = (process.env.PATH ?? "").split(path.delimiter).filter((d) => d !== "");
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (isExecutableFile(candidate)) {
      return candidate;
    }
  }
  return undefined;
}

export const NOT_FOUND =
  "exportlens: the language server binary was not found. Set the setting exportlens.server.path to the " +
  "exportlens binary (build it with 'cargo build --release -p cli'; it lands in target/release/exportlens), " +
  "or put exportlens on your PATH.";

/** The binary: setting `exportlens.server.path`, else the one bundled in
 * the extension (server/exportlens), else `exportlens` on PATH. */
export function findServer(extensionPath: string): Found {
  const configured = vscode.workspace.getConfiguration("exportlens").get<string>("server.path", "").trim();
  if (configured !== "") {
    const p = expandPath(configured);
    if (isExecutableFile(p)) {
      return { path: p, source: "setting" };
    }
    return {
      error:
        `exportlens: the setting exportlens.server.path is "${configured}", which is not an executable file. ` +
        "Point it at the exportlens binary ('cargo build --release -p cli' builds target/release/exportlens), " +
        "or clear it to use the bundled binary or exportlens on PATH.",
    };
  }
  const bundled = path.join(extensionPath, "server", EXE);
  if (fs.existsSync(bundled)) {
    // A .vsix does not always keep the executable bit.
    try {
      fs.chmodSync(bundled, 0o755);
    } catch {
      // read-only install: use it as it is
    }
    if (isExecutableFile(bundled)) {
      return { path: bundled, source: "bundled" };
    }
  }
  const found = onPath(EXE);
  if (found) {
    return { path: found, source: "PATH" };
  }
  return { error: NOT_FOUND };
}

/** The server's `exportlens` section (see server/lsp/src/config.rs) from
 * the extension's settings. */
export function serverSettings(): Record<string, unknown> {
  const c = vscode.workspace.getConfiguration("exportlens");
  const settings: Record<string, unknown> = {
    mode: c.get<string>("modes", "auto"),
    guards: c.get<boolean>("guards.enabled", true),
    guardSeverity: c.get<string>("guards.severity", "information"),
    inlayHints: c.get<boolean>("inlayHints.enabled", true),
    debounceMs: c.get<number>("analysis.debounceMs", 50),
  };
  const steps = c.get<number | null>("analysis.steps", null);
  if (typeof steps === "number") {
    settings.analysisSteps = steps;
  }
  return settings;
}
