"""A minimal LSP client of our own: JSON-RPC over the server's stdio with
plain threads and queues, no LSP library. The independent-client tests use it
to drive `exportlens lsp` the way an editor does, without pygls, and
scripts/bench-lsp.py uses it to time the server.
"""
from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path


class RawServer:
    """An `exportlens lsp` process and a blocking JSON-RPC client.

    Requests from the server (`workspace/configuration`, registrations) are
    answered with `null`; notifications are queued and
    `textDocument/publishDiagnostics` can be awaited per (uri, version).
    """

    def __init__(self, binary: str | os.PathLike, env: dict | None = None, stderr=subprocess.DEVNULL):
        self.t0 = time.perf_counter()
        self.proc = subprocess.Popen(
            [str(binary), "lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            env={**os.environ, **(env or {})},
        )
        self.next_id = 0
        self.responses: dict[int, queue.Queue] = {}
        self.notifications: queue.Queue = queue.Queue()
        self.seen: dict = {}
        self.lock = threading.Lock()
        self.write_lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                k, _, v = line.decode().partition(":")
                headers[k.strip().lower()] = v.strip()
            body = out.read(int(headers["content-length"]))
            now = time.perf_counter()
            msg = json.loads(body)
            if "id" in msg and "method" not in msg:
                with self.lock:
                    q = self.responses.setdefault(msg["id"], queue.Queue())
                q.put((now, msg))
            elif "id" in msg:
                self._send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            else:
                self.notifications.put((now, msg))

    def _send(self, msg: dict) -> None:
        data = json.dumps(msg).encode()
        with self.write_lock:
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
            self.proc.stdin.flush()

    def notify(self, method: str, params) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params, timeout: float = 60.0):
        """Send a request and wait for its response: (arrival time, message)."""
        with self.lock:
            self.next_id += 1
            rid = self.next_id
            q = self.responses.setdefault(rid, queue.Queue())
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return q.get(timeout=timeout)

    def result(self, method: str, params, timeout: float = 60.0):
        """The `result` of a request; an error response raises."""
        _, msg = self.request(method, params, timeout)
        if "error" in msg:
            raise RuntimeError(f"{method}: {msg['error']}")
        return msg.get("result")

    def wait_diagnostics(self, uri: str, version: int | None, timeout: float = 60.0):
        """Wait for the diagnostics of `uri` at `version` (received earlier or
        now); returns (arrival time, diagnostics)."""
        key = (uri, version)
        if key in self.seen:
            return self.seen.pop(key)
        deadline = time.perf_counter() + timeout
        while True:
            t, msg = self.notifications.get(timeout=max(0.001, deadline - time.perf_counter()))
            if msg.get("method") != "textDocument/publishDiagnostics":
                continue
            p = msg["params"]
            got = (p["uri"], p.get("version"))
            if got == key or (version is None and p["uri"] == uri):
                return t, p["diagnostics"]
            self.seen[got] = (t, p["diagnostics"])

    def analysed_diagnostics(self, uri: str, version: int, timeout: float = 60.0):
        """The diagnostics of `uri` at `version` once its analysis is done:
        on opening a file the server first publishes what its text gives
        without tracing, then the traced diagnostics of the same version. A
        code-lens request, which the server answers from the finished
        analysis of the newest version (published before the answer), tells
        when they came (a second request, sent once the first is answered,
        as the server may write an answer before a notification queued just
        before it); returns (arrival time, diagnostics) of the last."""
        got = self.wait_diagnostics(uri, version, timeout)
        for _ in range(2):
            self.result("textDocument/codeLens", {"textDocument": {"uri": uri}}, timeout)
        while True:
            try:
                got = self.wait_diagnostics(uri, version, timeout=0.001)
            except queue.Empty:
                return got

    def initialize(self, root: Path, capabilities: dict | None = None, options: dict | None = None) -> float:
        """`initialize` + `initialized`; returns seconds from spawn to the response."""
        params = {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": capabilities or {}}
        if options is not None:
            params["initializationOptions"] = options
        t, _ = self.request("initialize", params)
        self.notify("initialized", {})
        return t - self.t0

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "python", "version": version, "text": text}},
        )

    def change(self, uri: str, version: int, changes: list[dict]) -> None:
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes})

    def rss_kb(self) -> tuple[int, int]:
        """(VmRSS, VmHWM) of the server process, in KiB."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        vals = {}
        for line in status.splitlines():
            k, _, v = line.partition(":")
            if k in ("VmRSS", "VmHWM"):
                vals[k] = int(v.split()[0])
        return vals.get("VmRSS", 0), vals.get("VmHWM", 0)

    def close(self) -> int:
        """`shutdown` + `exit`; returns the exit code."""
        try:
            self.request("shutdown", None, timeout=10)
            self.notify("exit", None)
            return self.proc.wait(timeout=10)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


def offset(text: str, line: int, character: int) -> int:
    """Offset of an LSP position (UTF-16 columns; ASCII test files)."""
    lines = text.split("\n")
    return sum(len(x) + 1 for x in lines[:line]) + character


def apply_text_edits(text: str, edits: list[dict]) -> str:
    """Apply LSP TextEdits (all relative to `text`), last first."""
    spans = [
        (offset(text, e["range"]["start"]["line"], e["range"]["start"]["character"]),
         offset(text, e["range"]["end"]["line"], e["range"]["end"]["character"]),
         e["newText"])
        for e in edits
    ]
    for a, b, new in sorted(spans, key=lambda s: (s[0], s[1]), reverse=True):
        text = text[:a] + new + text[b:]
    return text
