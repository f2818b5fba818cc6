// "exportlens: Show Exported Program": a read-only virtual document
// (scheme exportlens-program) filled from the server's
// `exportlens/exportedProgram` request and refreshed as the source changes.
import * as path from "path";
import * as vscode from "vscode";

export const PROGRAM_SCHEME = "exportlens-program";

export interface ExportedProgramResult {
  uri: string;
  version: number;
  text: string;
}

interface ProgramQuery {
  source: string;
  line?: number;
  mode?: string;
}

/** Asks the running server for the program text of a source document. */
export type ProgramFetcher = (source: vscode.Uri, line?: number, mode?: string) => Promise<ExportedProgramResult>;

export function programUri(source: vscode.Uri, line?: number, mode?: string): vscode.Uri {
  const base = path.posix.basename(source.path).replace(/\.py$/, "");
  const dir = path.posix.dirname(source.path);
  const suffix = line !== undefined ? `.line${line}` : "";
  const query: ProgramQuery = { source: source.toString(), line, mode };
  return vscode.Uri.from({
    scheme: PROGRAM_SCHEME,
    path: path.posix.join(dir, `${base}${suffix}.exported.py`),
    query: JSON.stringify(query),
  });
}

export function sourceOf(uri: vscode.Uri): vscode.Uri | undefined {
  if (uri.scheme !== PROGRAM_SCHEME) {
    return undefined;
  }
  try {
    const q = JSON.parse(uri.query) as ProgramQuery;
    return vscode.Uri.parse(q.source);
  } catch {
    return undefined;
  }
}

export class ProgramProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly fetch: ProgramFetcher,
    private readonly log: (msg: string) => void,
  ) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => this.sourceChanged(e.document.uri)),
      vscode.workspace.onDidSaveTextDocument((d) => this.sourceChanged(d.uri)),
    );
  }

  dispose(): void {
    for (const t of this.timers.values()) {
      clearTimeout(t);
    }
    this.emitter.dispose();
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }

  /** Program documents that are open, by their source. */
  private openPrograms(source?: vscode.Uri): vscode.Uri[] {
    return vscode.workspace.textDocuments
      .map((d) => d.uri)
      .filter((u) => u.scheme === PROGRAM_SCHEME && (!source || sourceOf(u)?.toString() === source.toString()));
  }

  private sourceChanged(source: vscode.Uri): void {
    if (source.scheme === PROGRAM_SCHEME) {
      return;
    }
    for (const uri of this.openPrograms(source)) {
      const key = uri.toString();
      const pending = this.timers.get(key);
      if (pending) {
        clearTimeout(pending);
      }
      this.timers.set(
        key,
        setTimeout(() => {
          this.timers.delete(key);
          this.emitter.fire(uri);
        }, 300),
      );
    }
  }

  /** Refresh every open program document (after a restart or a settings change). */
  refreshAll(): void {
    for (const uri of this.openPrograms()) {
      this.emitter.fire(uri);
    }
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    let q: ProgramQuery;
    try {
      q = JSON.parse(uri.query) as ProgramQuery;
    } catch {
      return `# exportlens: not a program document: ${uri.toString()}\n`;
    }
    const source = vscode.Uri.parse(q.source);
    // The server answers only for documents it has open.
    await vscode.workspace.openTextDocument(source);
    let lastError: unknown;
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const result = await this.fetch(source, q.line, q.mode);
        return result.text;
      } catch (e) {
        lastError = e;
        await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
      }
    }
    const msg = lastError instanceof Error ? lastError.message : String(lastError);
    this.log(`exportedProgram failed for ${source.toString()}: ${msg}`);
    return `# exportlens: could not get the exported program of ${source.fsPath}:\n# ${msg}\n`;
  }

  async show(source: vscode.Uri, line?: number, mode?: string): Promise<vscode.TextEditor> {
    const uri = programUri(source, line, mode);
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== "python") {
      await vscode.languages.setTextDocumentLanguage(doc, "python");
    }
    return vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  }
}
