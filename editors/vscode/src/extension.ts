// The exportlens extension: starts `exportlens lsp` for Python files and
// adds the commands Show Exported Program, Quick Run and Restart Server, a
// status bar item and an output channel with the server's log.
import * as vscode from "vscode";
import {
  CodeLensRequest,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  State,
} from "vscode-languageclient/node";

import { ExportedProgramResult, PROGRAM_SCHEME, ProgramProvider, sourceOf } from "./program";
import { Found, findServer, serverSettings } from "./server";

/** Commands the server executes (see server/lsp/src/analysis.rs). */
const SERVER_SHOW_PROGRAM = "exportlens.showExportedProgram";
const SERVER_QUICK_RUN = "exportlens.quickRun";

const DOCUMENTS = [
  { scheme: "file", language: "python" },
  { scheme: "untitled", language: "python" },
];

let client: LanguageClient | undefined;
let found: Found | undefined;
let output: vscode.LogOutputChannel;
let status: vscode.StatusBarItem;
let programs: ProgramProvider;
let extensionPath = "";
let lastProblem: string | undefined;

function log(msg: string): void {
  output.info(`[extension] ${msg}`);
}

function protocolUri(uri: vscode.Uri): string {
  return client ? client.code2ProtocolConverter.asUri(uri) : uri.toString();
}

async function fetchProgram(source: vscode.Uri, line?: number, mode?: string): Promise<ExportedProgramResult> {
  if (!client || client.state !== State.Running) {
    throw new Error(lastProblem ?? "the exportlens server is not running");
  }
  const params: Record<string, unknown> = { textDocument: { uri: protocolUri(source) } };
  if (line !== undefined) {
    params.line = line;
  }
  if (mode !== undefined) {
    params.mode = mode;
  }
  return client.sendRequest<ExportedProgramResult>("exportlens/exportedProgram", params);
}

function clientOptions(): LanguageClientOptions {
  return {
    documentSelector: DOCUMENTS,
    outputChannel: output,
    traceOutputChannel: output,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    initializationOptions: serverSettings(),
    middleware: {
      // The server reads the `exportlens` section in its own shape.
      workspace: {
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) {
            return result;
          }
          return params.items.map((item, i): unknown =>
            item.section === "exportlens" ? serverSettings() : result[i],
          );
        },
      },
      // Code lenses run the server's show-program command: open the
      // program document instead of discarding the text.
      executeCommand: async (command, args, next) => {
        if (command === SERVER_SHOW_PROGRAM) {
          const uri = typeof args[0] === "string" ? vscode.Uri.parse(args[0]) : activeSource();
          const line = typeof args[1] === "number" ? args[1] : undefined;
          if (uri) {
            await programs.show(uri, line);
          }
          return undefined;
        }
        if (command === SERVER_QUICK_RUN) {
          const uri = typeof args[0] === "string" ? vscode.Uri.parse(args[0]) : activeSource();
          showRunResult(uri, await next(command, args));
          return undefined;
        }
        return (await next(command, args)) as unknown;
      },
    },
  };
}

function activeSource(): vscode.Uri | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc) {
    return undefined;
  }
  if (doc.uri.scheme === PROGRAM_SCHEME) {
    return sourceOf(doc.uri);
  }
  return doc.languageId === "python" ? doc.uri : undefined;
}

async function startClient(): Promise<void> {
  found = findServer(extensionPath);
  if (!found.path) {
    lastProblem = found.error;
    log(found.error ?? "no server");
    updateStatus();
    const choice = await vscode.window.showErrorMessage(found.error ?? "exportlens: no server", "Open Settings", "Show Log");
    if (choice === "Open Settings") {
      await vscode.commands.executeCommand("workbench.action.openSettings", "exportlens.server.path");
    } else if (choice === "Show Log") {
      output.show();
    }
    return;
  }
  lastProblem = undefined;
  log(`starting ${found.path} lsp (from ${found.source})`);
  const logLevel = vscode.workspace.getConfiguration("exportlens").get<string>("server.logLevel", "info");
  const serverOptions: ServerOptions = {
    command: found.path,
    args: ["lsp"],
    // Plain log lines in the output channel (no ANSI colors).
    options: { env: { ...process.env, EXPORTLENS_LOG: logLevel, NO_COLOR: "1" } },
  };
  const c = new LanguageClient("exportlens", "exportlens", serverOptions, clientOptions());
  client = c;
  c.onDidChangeState(() => {
    updateStatus();
    if (c.state === State.Running) {
      programs.refreshAll();
    }
  });
  updateStatus();
  try {
    await c.start();
    const info = c.initializeResult?.serverInfo;
    log(`server running: ${info?.name ?? "exportlens"} ${info?.version ?? ""}`);
  } catch (e) {
    lastProblem = `exportlens: the server did not start: ${e instanceof Error ? e.message : String(e)}`;
    log(lastProblem);
    updateStatus();
    const choice = await vscode.window.showErrorMessage(lastProblem, "Show Log", "Open Settings");
    if (choice === "Show Log") {
      output.show();
    } else if (choice === "Open Settings") {
      await vscode.commands.executeCommand("workbench.action.openSettings", "exportlens.server.path");
    }
  }
  updateStatus();
}

async function stopClient(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) {
    try {
      await c.stop(5000);
    } catch (e) {
      log(`stopping the server: ${e instanceof Error ? e.message : String(e)}`);
    }
    await c.dispose().catch(() => undefined);
  }
}

async function restart(): Promise<void> {
  log("restarting the server");
  await stopClient();
  await startClient();
  if (client?.state === State.Running) {
    void vscode.window.setStatusBarMessage("exportlens: server restarted", 3000);
  }
}

// --- status bar -----------------------------------------------------------------

let statusSeq = 0;

function updateStatus(): void {
  const seq = ++statusSeq;
  const c = client;
  if (!c) {
    status.text = "$(error) exportlens";
    status.tooltip = lastProblem ?? "exportlens: the server is not running";
    status.backgroundColor = new vscode.ThemeColor("statusBarItem.errorBackground");
    status.command = "exportlens.showOutput";
    status.show();
    return;
  }
  status.backgroundColor = undefined;
  if (c.state === State.Starting) {
    status.text = "$(sync~spin) exportlens";
    status.tooltip = "exportlens: starting the server";
    status.command = "exportlens.showOutput";
    status.show();
    return;
  }
  if (c.state === State.Stopped) {
    status.text = "$(circle-slash) exportlens";
    status.tooltip = lastProblem ?? "exportlens: the server stopped (Restart Server starts it again)";
    status.backgroundColor = new vscode.ThemeColor("statusBarItem.warningBackground");
    status.command = "exportlens.restartServer";
    status.show();
    return;
  }
  const version = c.initializeResult?.serverInfo?.version ?? "";
  const source = activeSource();
  status.command = source ? "exportlens.showProgram" : "exportlens.showOutput";
  if (!source) {
    status.text = "$(check) exportlens";
    status.tooltip = `exportlens ${version} (${found?.path ?? ""})`;
    status.show();
    return;
  }
  const diags = vscode.languages.getDiagnostics(source).filter((d) => d.source === "exportlens");
  const errors = diags.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length;
  c.sendRequest(CodeLensRequest.type, { textDocument: { uri: protocolUri(source) } }).then(
    (lenses) => {
      if (seq !== statusSeq) {
        return;
      }
      const entries = lenses?.length ?? 0;
      const icon = errors > 0 ? "$(error)" : "$(check)";
      status.text = `${icon} exportlens: ${entries} ${entries === 1 ? "entry" : "entries"}`;
      const titles = (lenses ?? []).map((l) => `- line ${l.range.start.line + 1}: ${l.command?.title ?? ""}`);
      status.tooltip = new vscode.MarkdownString(
        [
          `exportlens ${version}: ${entries} export ${entries === 1 ? "entry" : "entries"}, ${errors} ${errors === 1 ? "error" : "errors"}`,
          ...titles,
          "",
          "Click to show the exported program.",
        ].join("\n"),
      );
      status.show();
    },
    () => {
      if (seq === statusSeq) {
        status.text = "$(check) exportlens";
        status.show();
      }
    },
  );
}

// --- commands ---------------------------------------------------------------------

async function showProgram(arg?: unknown): Promise<void> {
  const source = arg instanceof vscode.Uri ? arg : activeSource();
  if (!source) {
    void vscode.window.showWarningMessage("exportlens: open a Python file to show its exported program.");
    return;
  }
  await programs.show(source);
}

async function quickRun(arg?: unknown): Promise<void> {
  const source = arg instanceof vscode.Uri ? arg : activeSource();
  if (!source) {
    void vscode.window.showWarningMessage("exportlens: open a Python file to run it.");
    return;
  }
  const commands = client?.initializeResult?.capabilities.executeCommandProvider?.commands ?? [];
  if (!client || client.state !== State.Running) {
    void vscode.window.showErrorMessage(lastProblem ?? "exportlens: the server is not running.");
    return;
  }
  if (!commands.includes(SERVER_QUICK_RUN)) {
    void vscode.window.showErrorMessage(
      "exportlens: this exportlens server has no Quick Run; update it (exportlens.server.path).",
    );
    return;
  }
  const result: unknown = await client.sendRequest(ExecuteCommandRequest.type, {
    command: SERVER_QUICK_RUN,
    arguments: [protocolUri(source)],
  });
  showRunResult(source, result);
}

/** Quick Run's summary (output shapes, values, time) in the output channel. */
function showRunResult(source: vscode.Uri | undefined, result: unknown): void {
  const text = typeof result === "string" ? result : JSON.stringify(result, null, 2);
  output.appendLine(`--- Quick Run: ${source?.fsPath ?? "?"}`);
  output.appendLine(text);
  output.show(true);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionPath = context.extensionPath;
  output = vscode.window.createOutputChannel("exportlens", { log: true });
  status = vscode.window.createStatusBarItem("exportlens.status", vscode.StatusBarAlignment.Left, 10);
  status.name = "exportlens";
  programs = new ProgramProvider(fetchProgram, log);
  context.subscriptions.push(
    output,
    status,
    programs,
    vscode.workspace.registerTextDocumentContentProvider(PROGRAM_SCHEME, programs),
    vscode.commands.registerCommand("exportlens.showProgram", showProgram),
    vscode.commands.registerCommand("exportlens.runQuick", quickRun),
    vscode.commands.registerCommand("exportlens.restartServer", restart),
    vscode.commands.registerCommand("exportlens.showOutput", () => output.show()),
    vscode.window.onDidChangeActiveTextEditor(() => updateStatus()),
    vscode.languages.onDidChangeDiagnostics((e) => {
      const src = activeSource();
      if (src && e.uris.some((u) => u.toString() === src.toString())) {
        updateStatus();
      }
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("exportlens.server")) {
        await restart();
      } else if (e.affectsConfiguration("exportlens")) {
        // The server pulls the section again (workspace/configuration).
        setTimeout(() => programs.refreshAll(), 500);
      }
    }),
    // Until the workspace is trusted, VS Code hides its exportlens.server.path
    // (restrictedConfigurations in package.json); once trusted, that binary
    // is the one to run.
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      const p = vscode.workspace.getConfiguration("exportlens").inspect<string>("server.path");
      if (p?.workspaceValue !== undefined || p?.workspaceFolderValue !== undefined) {
        await restart();
      }
    }),
  );
  await startClient();
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
