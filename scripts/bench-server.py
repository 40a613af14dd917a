#!/usr/bin/env python3
"""Speed and memory of `combinelint server` on a workspace (default: the development set at
../devcorpus, when present). A benchmark, not a test: it prints figures and checks nothing.

  - first: from sending `initialize` to the first diagnostics of an open file (the workspace is
    indexed in between), beside the time of a whole CLI lint of the same folder;
  - edit: after a change of that file (a character typed or deleted), the time to its new
    diagnostics (pulled, so that every edit is answered), median and 95th percentile;
  - memory: the server's resident set after indexing and after the edits, beside the peak of
    the CLI lint.

Usage: scripts/bench-server.py [--workspace DIR] [--file PATH] [--edits N] [--binary PATH]
Build first: swift build -c release --product combinelint
"""
import argparse, json, os, resource, statistics, subprocess, sys, threading, time

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(here)
    parser = argparse.ArgumentParser()
    parser.add_argument("--workspace", default=os.path.normpath(os.path.join(repo, "..", "devcorpus")))
    parser.add_argument("--file", help="the file to open and edit (default: a file of 300–600 lines in the workspace)")
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--binary", default=os.path.join(repo, ".build", "release", "combinelint"))
    parser.add_argument("--no-cli", action="store_true", help="skip the CLI lint for comparison")
    args = parser.parse_args()
    workspace = os.path.realpath(args.workspace)
    if not os.path.isdir(workspace):
        sys.exit(f"no workspace at {workspace}")
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"no binary at {args.binary} (swift build -c release --product combinelint)")
    path = os.path.realpath(args.file) if args.file else pick_file(workspace)
    print(f"workspace {workspace}\nfile      {os.path.relpath(path, workspace)}")

    if not args.no_cli:
        start = time.monotonic()
        subprocess.run([args.binary, "lint", workspace, "--quiet", "--reporter", "json"], stdout=subprocess.DEVNULL, cwd=workspace)
        cli = time.monotonic() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"CLI lint of the workspace: {cli * 1000:.0f} ms, peak resident {peak:.0f} MB")

    server = Server(args.binary, workspace)
    uri = "file://" + path
    text = open(path, encoding="utf-8", errors="replace").read()
    t0 = time.monotonic()
    server.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + workspace,
                                  "capabilities": {"textDocument": {"diagnostic": {}}, "general": {"positionEncodings": ["utf-16"]}}})
    server.notify("initialized", {})
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
    first = server.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    t1 = time.monotonic()
    print(f"first diagnostics: {(t1 - t0) * 1000:.0f} ms after initialize ({len(first['result']['items'])} diagnostics)")
    print(f"resident after indexing: {server.rss():.0f} MB")

    # Typing at the end of a line in the middle of the file: one character in, then out again.
    lines = text.split("\n")
    line = len(lines) // 2
    column = len(lines[line].encode("utf-16-le")) // 2
    times = []
    version = 1
    for i in range(args.edits):
        version += 1
        if i % 2 == 0:
            change = {"range": rng(line, column, line, column), "text": "x"}
        else:
            change = {"range": rng(line, column, line, column + 1), "text": ""}
        start = time.monotonic()
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        server.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        times.append(time.monotonic() - start)
    times.sort()
    p95 = times[min(len(times) - 1, int(round(0.95 * len(times))) - 1)]
    print(f"edit to new diagnostics over {len(times)} edits: median {statistics.median(times) * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")
    print(f"resident after the edits: {server.rss():.0f} MB")
    server.request("shutdown", None)
    server.notify("exit", None)
    server.process.wait(timeout=30)
    log = server.log()
    if log.strip():
        print("server log:\n  " + "\n  ".join(log.strip().split("\n")[:5]))

def rng(l1, c1, l2, c2):
    return {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}

def pick_file(workspace):
    """A file of 300–600 lines, the first in path order (so runs are comparable)."""
    for folder, dirs, files in sorted(os.walk(workspace)):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                full = os.path.join(folder, name)
                with open(full, "rb") as f:
                    if 300 <= f.read().count(b"\n") <= 600:
                        return full
    sys.exit("no file of 300–600 lines in the workspace")

class Server:
    def __init__(self, binary, cwd):
        self.process = subprocess.Popen([binary, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, cwd=cwd)
        self.next_id = 1
        self.errors = []
        threading.Thread(target=lambda: self.errors.append(self.process.stderr.read()), daemon=True).start()

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == id and "method" not in message:
                if "error" in message:
                    sys.exit(f"{method} failed: {message['error']}")
                return message

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit("the server closed its output:\n" + self.log())
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def rss(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def log(self):
        time.sleep(0.1)
        return b"".join(self.errors).decode(errors="replace")

if __name__ == "__main__":
    main()
