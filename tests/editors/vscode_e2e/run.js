// Real-editor test of editors/vscode: VS Code (code-server 4.100.3) in
// headless Chromium, driven by playwright-core. Run by
// tests/editors/test_vscode.py; see ../../../../shared/docs/editor-testing.md.
//
// Environment:
//   EXPORTLENS_ROOT       the repository
//   EXPORTLENS_WORK       a scratch folder (user data, extensions, workspace)
//   EXPORTLENS_VSIX       the extension package to install
//   EXPORTLENS_E2E_DEPS   the folder whose node_modules holds code-server and playwright-core
//   EXPORTLENS_ARTIFACTS  where screenshots go
//   EXPORTLENS_SERVER_PATH  optional: sets exportlens.server.path (else the bundled binary is used)
//   EXPORTLENS_TIMEOUT_MS per wait (default 60000)
//   CHROMIUM              the browser (default /usr/bin/chromium)
//
// Prints "ok: ..." per check and "PASS" or "FAIL: ..." at the end; exits 0
// only when every check passed.
"use strict";
const fs = require("fs");
const http = require("http");
const net = require("net");
const path = require("path");
const { spawn, spawnSync } = require("child_process");

const env = process.env;
const root = env.EXPORTLENS_ROOT;
const work = env.EXPORTLENS_WORK;
const vsix = env.EXPORTLENS_VSIX;
const deps = env.EXPORTLENS_E2E_DEPS;
const artifacts = env.EXPORTLENS_ARTIFACTS || path.join(work, "artifacts");
const timeout = Number(env.EXPORTLENS_TIMEOUT_MS || "60000");
const chromiumPath = env.CHROMIUM || "/usr/bin/chromium";
const codeServer = path.join(deps, "node_modules", ".bin", "code-server");
const corpus = path.join(root, "..", "shared", "corpus", "tutorial");

const started = Date.now();
function out(line) {
  process.stdout.write(`${line}\n`);
}
function elapsed() {
  return `${((Date.now() - started) / 1000).toFixed(1)}s`;
}

class Failure extends Error {}
function fail(msg) {
  throw new Failure(msg);
}

let server;
let browser;
let page;
let shot = 0;

async function screenshot(name) {
  if (!page) {
    return;
  }
  shot += 1;
  const file = path.join(artifacts, `${String(shot).padStart(2, "0")}-${name}.png`);
  try {
    await page.screenshot({ path: file });
    out(`screenshot: ${path.relative(root, file)}`);
  } catch (e) {
    out(`screenshot failed (${name}): ${e.message}`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function httpOk(url) {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode !== undefined && res.statusCode < 500);
    });
    req.on("error", () => resolve(false));
    req.setTimeout(2000, () => {
      req.destroy();
      resolve(false);
    });
  });
}

async function waitFor(what, fn, ms = timeout) {
  const deadline = Date.now() + ms;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) {
        return last;
      }
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) {
      await screenshot(`timeout-${what.replace(/[^a-z0-9]+/gi, "-").slice(0, 40)}`);
      fail(`timed out after ${ms} ms waiting for ${what}${last instanceof Error ? ` (${last.message})` : ""}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function copyModel(name, dir) {
  const src = path.join(corpus, name);
  if (!fs.existsSync(src)) {
    fail(`corpus model missing: ${src}`);
  }
  fs.copyFileSync(src, path.join(dir, name));
}

function killServer() {
  if (server && server.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

// The text of the editor showing `title` (its visible lines).
async function editorText(title) {
  return page.evaluate((t) => {
    for (const group of document.querySelectorAll(".editor-group-container")) {
      const active = group.querySelector(".tab.active");
      if (!active || !(active.getAttribute("aria-label") || active.textContent || "").includes(t)) {
        continue;
      }
      const lines = group.querySelector(".editor-container .view-lines");
      if (lines) {
        return lines.innerText.replace(/\u00a0/g, " ");
      }
    }
    return "";
  }, title);
}

async function quickOpen(name) {
  await page.keyboard.press("Control+P");
  await page.waitForSelector(".quick-input-widget input", { state: "visible", timeout });
  await page.keyboard.type(name, { delay: 20 });
  await waitFor(`quick open to list ${name}`, async () =>
    page.evaluate(
      (n) => [...document.querySelectorAll(".quick-input-list .monaco-list-row")].some((r) => r.textContent.includes(n)),
      name,
    ),
  );
  await page.keyboard.press("Enter");
  await waitFor(`the editor tab of ${name}`, async () =>
    page.evaluate((n) => {
      const t = document.querySelector(".tab.active");
      return t !== null && (t.getAttribute("aria-label") || t.textContent || "").includes(n);
    }, name),
  );
}

async function runCommand(title) {
  await page.keyboard.press("F1");
  await page.waitForSelector(".quick-input-widget input", { state: "visible", timeout });
  await page.keyboard.type(title, { delay: 15 });
  await waitFor(`command palette to list "${title}"`, async () =>
    page.evaluate(
      (t) =>
        [...document.querySelectorAll(".quick-input-list .monaco-list-row")].some((r) =>
          (r.getAttribute("aria-label") || r.textContent || "").toLowerCase().includes(t.toLowerCase()),
        ),
      title,
    ),
  );
  await page.keyboard.press("Enter");
}

async function gotoLine(line, column) {
  await page.keyboard.press("Control+G");
  await page.waitForSelector(".quick-input-widget input", { state: "visible", timeout });
  await page.keyboard.type(`${line}:${column}`, { delay: 20 });
  await page.keyboard.press("Enter");
}

async function run() {
  for (const [name, v] of Object.entries({ EXPORTLENS_ROOT: root, EXPORTLENS_WORK: work, EXPORTLENS_VSIX: vsix, EXPORTLENS_E2E_DEPS: deps })) {
    if (!v) {
      fail(`${name} is not set`);
    }
  }
  if (!fs.existsSync(codeServer)) {
    fail(`${codeServer} is missing: run bash tests/editors/prepare.sh`);
  }
  const { chromium } = require(path.join(deps, "node_modules", "playwright-core"));
  fs.mkdirSync(artifacts, { recursive: true });
  const userData = path.join(work, "user-data");
  const extensions = path.join(work, "extensions");
  const folder = path.join(work, "workspace");
  for (const d of [path.join(userData, "User"), extensions, folder]) {
    fs.mkdirSync(d, { recursive: true });
  }
  copyModel("break_data_dependent_if.py", folder);
  copyModel("conv_relu_maxpool.py", folder);
  const settings = {
    "exportlens.modes": "both",
    "workbench.startupEditor": "none",
    "workbench.tips.enabled": false,
    "workbench.enableExperiments": false,
    "security.workspace.trust.enabled": false,
    "telemetry.telemetryLevel": "off",
    "extensions.autoUpdate": false,
    "extensions.autoCheckUpdates": false,
    "extensions.ignoreRecommendations": true,
    "update.mode": "none",
    "editor.hover.delay": 300,
    "window.restoreWindows": "none",
  };
  if (env.EXPORTLENS_SERVER_PATH) {
    settings["exportlens.server.path"] = env.EXPORTLENS_SERVER_PATH;
  }
  fs.writeFileSync(path.join(userData, "User", "settings.json"), JSON.stringify(settings, null, 2));

  // Install the .vsix.
  const inst = spawnSync(
    codeServer,
    ["--install-extension", vsix, "--extensions-dir", extensions, "--user-data-dir", userData, "--force"],
    { encoding: "utf8", timeout: 120000 },
  );
  if (inst.status !== 0 || !/successfully installed/i.test(inst.stdout + inst.stderr)) {
    fail(`installing ${vsix} failed (exit ${inst.status}):\n${inst.stdout}\n${inst.stderr}`);
  }
  out(`ok: installed ${path.basename(vsix)} into code-server (${elapsed()})`);

  // Serve VS Code.
  const port = await freePort();
  const log = fs.openSync(path.join(artifacts, "code-server.log"), "w");
  server = spawn(
    codeServer,
    [
      "--bind-addr", `127.0.0.1:${port}`,
      "--auth", "none",
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
      "--disable-getting-started-override",
      "--user-data-dir", userData,
      "--extensions-dir", extensions,
      folder,
    ],
    { detached: true, stdio: ["ignore", log, log], env: { ...env, EXPORTLENS_LOG: "info" } },
  );
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`;
  await waitFor("code-server to answer", () => httpOk(`http://127.0.0.1:${port}/healthz`), 60000);
  out(`ok: code-server 4.100.3 listening on 127.0.0.1:${port} (${elapsed()})`);

  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-dev-shm-usage",
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(timeout);
  await page.goto(url);
  await page.waitForSelector(".monaco-workbench", { timeout });
  await waitFor("the explorer to list the models", () =>
    page.evaluate(() => document.body.innerText.includes("break_data_dependent_if.py")),
  );
  out(`ok: workbench loaded (${elapsed()})`);

  // 1. The graph break: error squiggle on line 6, Problems count.
  await quickOpen("break_data_dependent_if.py");
  await waitFor("an error squiggle", () => page.$(".monaco-editor .squiggly-error"));
  // The squiggle's line: the decoration's top equals line 6's line number top.
  const squiggleLine = await waitFor("the squiggle's line number", () =>
    page.evaluate(() => {
      const ed = document.querySelector(".editor-group-container .tab.active")
        ? document.querySelector(".editor-instance .monaco-editor")
        : null;
      if (!ed) {
        return null;
      }
      const sq = ed.querySelector(".squiggly-error");
      if (!sq) {
        return null;
      }
      const top = sq.getBoundingClientRect().top;
      for (const n of ed.querySelectorAll(".margin-view-overlays .line-numbers")) {
        const r = n.getBoundingClientRect();
        if (Math.abs(r.top - top) < r.height / 2 + 1) {
          return Number(n.textContent.trim());
        }
      }
      return null;
    }),
  );
  if (squiggleLine !== 6) {
    fail(`the error squiggle is on line ${squiggleLine}, expected 6`);
  }
  out(`ok: error squiggle on line 6 (${elapsed()})`);
  const problems = await waitFor("the Problems count in the status bar", () =>
    page.evaluate(() => {
      const el = document.querySelector("#status\\.problems");
      if (!el) {
        return null;
      }
      const label = el.getAttribute("aria-label") || el.querySelector("a")?.getAttribute("aria-label") || "";
      const text = el.textContent || "";
      const m = (label + " " + text).match(/(\d+)/);
      return m && Number(m[1]) > 0 ? { label, text } : null;
    }),
  );
  const errorCount = Number((problems.label.match(/Errors?:\s*(\d+)/i) || problems.text.match(/(\d+)/))[1]);
  if (!(errorCount >= 1)) {
    fail(`Problems shows no error: ${JSON.stringify(problems)}`);
  }
  out(`ok: status bar Problems: ${JSON.stringify(problems.label || problems.text)} (${errorCount} errors)`);
  const statusItem = await waitFor("the exportlens status bar item to show the error state", () =>
    page.evaluate(() => {
      const el = [...document.querySelectorAll(".statusbar-item")].find((e) => /exportlens: \d+ entr/.test(e.textContent || ""));
      return el && el.querySelector(".codicon-error") ? el.textContent.trim() : null;
    }),
  );
  out(`ok: status bar item (error icon): ${statusItem}`);
  await screenshot("graph-break-squiggle");
  // The Problems panel lists the error at line 6.
  await page.keyboard.press("Control+Shift+M");
  const row = await waitFor("the Problems panel to list the error on line 6", () =>
    page.evaluate(() => {
      for (const r of document.querySelectorAll(".markers-panel .monaco-list-row")) {
        const t = r.getAttribute("aria-label") || r.textContent || "";
        if (/exportlens/i.test(t) && /(Ln 6|line 6|\[6,|\(6,)/i.test(t)) {
          return t;
        }
      }
      return null;
    }),
  );
  const where = (row.match(/Ln \d+, Col \d+|line \d+/i) || [""])[0];
  out(`ok: Problems panel lists the error at ${where}: ${row.replace(/\s+/g, " ").slice(0, 100)}`);
  await screenshot("problems-panel");
  await page.keyboard.press("Control+Shift+M");

  // 2. Hover on a tensor variable: `a` on line 12 of conv_relu_maxpool.py.
  await quickOpen("conv_relu_maxpool.py");
  await waitFor("the status bar entry count", () =>
    page.evaluate(() => {
      const el = [...document.querySelectorAll(".statusbar-item")].find((e) => /exportlens: \d+ entr/.test(e.textContent || ""));
      return el ? el.textContent.trim() : null;
    }),
  ).then((t) => out(`ok: status bar item: ${t}`));
  const hoverText = await waitFor("hover text on `a` (line 12)", async () => {
    await page.keyboard.press("Escape");
    await gotoLine(12, 9);
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+I");
    try {
      await page.waitForSelector(".monaco-hover:not(.hidden) .hover-contents, .monaco-hover-content .hover-contents", {
        state: "visible",
        timeout: 3000,
      });
    } catch {
      return null;
    }
    const t = await page.evaluate(() =>
      [...document.querySelectorAll(".monaco-hover .hover-contents")].map((e) => e.innerText).join("\n"),
    );
    return /f32\[1, 16, 256, 256\]/.test(t) ? t : null;
  });
  out(`ok: hover: ${hoverText.replace(/\s+/g, " ").slice(0, 120)}`);
  await screenshot("hover");
  await page.keyboard.press("Escape");

  // 3. Show Exported Program opens a document with class GraphModule.
  await runCommand("exportlens: Show Exported Program");
  const program = await waitFor("the exported program document with class GraphModule", async () => {
    const t = await editorText("conv_relu_maxpool.exported.py");
    return t.includes("class GraphModule") ? t : null;
  });
  out(`ok: Show Exported Program opened conv_relu_maxpool.exported.py (${program.split("\n").length} visible lines, class GraphModule) (${elapsed()})`);
  await screenshot("exported-program");
  // The program document is read-only: typing into it changes nothing.
  await page.keyboard.type("zzz");
  await new Promise((r) => setTimeout(r, 500));
  const after = await editorText("conv_relu_maxpool.exported.py");
  if (after.includes("zzz")) {
    fail("the exported program document is editable");
  }
  out("ok: the program document is read-only");

  // 4. The program follows edits: MaxPool2d(kernel_size=3) -> 2 on line 9 of the source.
  await page.keyboard.press("Control+1");
  await waitFor("the source editor to have focus", () =>
    page.evaluate(() => {
      const t = document.querySelector(".editor-group-container.active .tab.active");
      return t !== null && (t.getAttribute("aria-label") || "").includes("conv_relu_maxpool.py") &&
        !(t.getAttribute("aria-label") || "").includes("exported");
    }),
  );
  await gotoLine(9, 55);
  await page.keyboard.press("Delete");
  await page.keyboard.type("2");
  await waitFor("the program document to show the edit (f32[1, 16, 128, 128])", async () => {
    const t = await editorText("conv_relu_maxpool.exported.py");
    return t.includes("f32[1, 16, 128, 128]") ? t : null;
  });
  out(`ok: the program document followed the edit (${elapsed()})`);
  await screenshot("program-after-edit");

  // 5. Quick Run: the edited model's output in the exportlens output channel.
  await page.keyboard.press("Control+1");
  await runCommand("exportlens: Quick Run");
  const ran = await waitFor("Quick Run's output (f32[1, 16, 128, 128]) in the output panel", () =>
    page.evaluate(() => {
      const t = [...document.querySelectorAll(".part.panel .monaco-editor .view-lines")]
        .map((e) => e.innerText.replace(/\u00a0/g, " "))
        .join("\n");
      return /output 0: f32\[1, 16, 128, 128\]/.test(t) ? t : null;
    }),
  );
  out(`ok: Quick Run: ${(ran.match(/output 0: [^\n]*/) || [""])[0].slice(0, 80)} (${elapsed()})`);
  await screenshot("quick-run");

  // 6. Restart Server.
  await runCommand("exportlens: Restart Server");
  await waitFor("the status bar message after Restart Server", () =>
    page.evaluate(() => document.querySelector(".part.statusbar")?.textContent?.includes("exportlens: server restarted") ?? false),
  );
  out(`ok: exportlens: Restart Server restarted the server (${elapsed()})`);

  // 7. A wrong exportlens.server.path, typed into the Settings editor: an
  // error notification that says how to fix it.
  await runCommand("Preferences: Open User Settings");
  await page.waitForSelector(".settings-editor .suggest-input-container .monaco-editor textarea, .settings-editor .settings-header input", { timeout });
  await page.keyboard.type("exportlens.server.path", { delay: 10 });
  // The setting is machine-overridable: in code-server it lives in the
  // Remote tab (in desktop VS Code, in User).
  const remoteTab = await waitFor("the Remote tab of the Settings editor", () =>
    page.evaluate(() => {
      const tab = [...document.querySelectorAll(".settings-editor .settings-tabs-widget .action-label")].find((e) =>
        (e.textContent || "").startsWith("Remote"),
      );
      if (!tab) {
        return null;
      }
      tab.click();
      return tab.textContent;
    }),
  );
  out(`ok: Settings editor, tab ${remoteTab}`);
  const box = await waitFor("the exportlens.server.path input in the Settings editor", () =>
    page.evaluate(() => {
      for (const row of document.querySelectorAll(".settings-editor .settings-body .setting-item-text")) {
        if (!(row.textContent || "").includes("Path to the")) {
          continue;
        }
        const el = row.querySelector(".monaco-inputbox input, input");
        const r = el ? el.getBoundingClientRect() : null;
        if (r && r.width > 0 && r.height > 0) {
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }
      }
      return null;
    }),
  );
  await page.mouse.click(box.x, box.y);
  await page.keyboard.type("/nonexistent/exportlens", { delay: 10 });
  await page.keyboard.press("Tab");
  const toast = await waitFor("the error notification about exportlens.server.path", () =>
    page.evaluate(() => {
      for (const n of document.querySelectorAll(".notification-toast, .notifications-toasts .monaco-list-row")) {
        const t = n.textContent || "";
        if (t.includes("exportlens.server.path") && t.includes("not an executable file")) {
          return t;
        }
      }
      return null;
    }),
  );
  out(`ok: error notification: ${toast.replace(/\s+/g, " ").slice(0, 140)}`);
  await screenshot("bad-server-path");
}

(async () => {
  let code = 0;
  try {
    await run();
    out("PASS");
  } catch (e) {
    code = 1;
    if (!(e instanceof Failure)) {
      await screenshot("error");
    }
    out(`FAIL: ${e instanceof Failure ? e.message : e && e.stack ? e.stack : String(e)}`);
  } finally {
    try {
      if (browser) {
        await browser.close();
      }
    } catch {
      // ignore
    }
    killServer();
  }
  process.exit(code);
})();
