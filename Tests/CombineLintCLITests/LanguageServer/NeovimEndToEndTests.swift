import CombineLintKit
import Foundation
import XCTest

/// A real editor on `combinelint server`: headless Neovim and its built-in LSP client open a
/// file of a small project, wait for the diagnostics, apply the quick fix through a code action
/// and report the buffer. Skipped when `nvim` is missing, except on CI (`CI=true`), where
/// `.ci/run` installs it and a missing editor fails the test.
final class NeovimEndToEndTests: XCTestCase {
    /// Runs in Neovim (0.7 and later: `vim.lsp.start_client`, `request_sync`, `vim.diagnostic`).
    /// Writes one `key=value` line per fact to `$RESULT`, or `error=…`; quits in any case.
    static let script = #"""
    local out = io.open(os.getenv("RESULT"), "w")
    local function report(key, value) out:write(key .. "=" .. tostring(value):gsub("\n", " ") .. "\n") end
    local ok, problem = pcall(function()
      local id = vim.lsp.start_client({ name = "combinelint", cmd = { os.getenv("COMBINELINT"), "server" }, root_dir = os.getenv("ROOT") })
      assert(id, "the client did not start")
      vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("FILE")))
      local buf = vim.api.nvim_get_current_buf()
      vim.lsp.buf_attach_client(buf, id)
      assert(vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20), "no diagnostics")
      local d = vim.diagnostic.get(buf)[1]
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      report("count", #vim.diagnostic.get(buf))
      report("rule", code)
      report("line", d.lnum + 1)
      report("column", d.col + 1)
      report("source", d.source)
      local client = vim.lsp.get_client_by_id(id)
      local uri = vim.uri_from_bufnr(buf)
      -- As `vim.lsp.buf.code_action()` on a selection of the line: its range, and the
      -- diagnostics of the line as the client holds them.
      local range = { start = { line = d.lnum, character = 0 }, ["end"] = { line = d.lnum + 1, character = 0 } }
      local line_diagnostics = vim.lsp.diagnostic.get_line_diagnostics and vim.lsp.diagnostic.get_line_diagnostics(buf, d.lnum) or {}
      local response = client.request_sync("textDocument/codeAction",
        { textDocument = { uri = uri }, range = range, context = { diagnostics = line_diagnostics, only = { "quickfix" } } }, 10000, buf)
      assert(response and response.result and response.result[1], "no code action: " .. vim.inspect(response))
      local action = response.result[1]
      report("action", action.title)
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
      report("text", vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1])
      -- The buffer change goes to the server; the finding is gone.
      assert(vim.wait(30000, function() return #vim.diagnostic.get(buf) == 0 end, 20), "the diagnostic stayed after the fix")
      report("after", #vim.diagnostic.get(buf))
      client.stop()
      vim.wait(5000, function() return client.is_stopped() end, 20)
    end)
    if not ok then report("error", problem) end
    out:close()
    vim.cmd("qa!")
    """#

    static var neovim: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/nvim" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func testNeovimShowsTheFindingAndAppliesItsQuickFix() throws {
        guard let nvim = Self.neovim else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                XCTFail("nvim is missing on CI (.ci/run installs it from the Debian package neovim)")
                return
            }
            throw XCTSkip("nvim is not installed (apt-get install neovim); CI runs this test")
        }
        let base = NSTemporaryDirectory() + "combinelint-nvim-" + UUID().uuidString
        let root = base + "/Shop"
        try FileManager.default.createDirectory(atPath: root + "/Sources", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        try LanguageServerProtocolTests.cart.write(toFile: root + "/Sources/Cart.swift", atomically: true, encoding: .utf8)
        try LanguageServerProtocolTests.checkout.write(toFile: root + "/Sources/Checkout.swift", atomically: true, encoding: .utf8)
        try Self.script.write(toFile: base + "/test.lua", atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = ["--headless", "--clean", "-n", "-c", "luafile " + base + "/test.lua"]
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        var environment = ProcessInfo.processInfo.environment
        environment["RESULT"] = base + "/result.txt"
        environment["COMBINELINT"] = CLITests.executable.path
        environment["ROOT"] = root
        environment["FILE"] = root + "/Sources/Cart.swift"
        environment["XDG_STATE_HOME"] = base + "/state"
        environment["XDG_DATA_HOME"] = base + "/data"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            XCTFail("Neovim did not quit within two minutes")
        }
        let result = (try? String(contentsOfFile: base + "/result.txt", encoding: .utf8)) ?? "error=no result file"
        var facts: [String: String] = [:]
        for line in result.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            facts[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        XCTAssertNil(facts["error"], result)
        XCTAssertEqual(facts["count"], "1")
        XCTAssertEqual(facts["rule"], "exposed_subject")
        XCTAssertEqual(facts["source"], "combinelint")
        XCTAssertEqual(facts["line"], "4")
        // Neovim's columns count bytes: the emoji and the CJK text before the name take 10.
        XCTAssertEqual(facts["column"], "27")
        XCTAssertEqual(facts["action"], "Make it private")
        XCTAssertEqual(facts["text"], "    /* 😀 中文 */ private let itemAdded = PassthroughSubject<Int, Never>()")
        XCTAssertEqual(facts["after"], "0")
    }
}
