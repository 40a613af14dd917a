import Foundation

/// A git command that failed (not a repository, unknown revision, git missing).
public struct GitError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
}

/// Changed lines from git: `git diff --unified=0 REF` in the repository holding a path.
public enum GitDiff {
    /// The top folder of the work tree holding `directory`.
    public static func repositoryRoot(of directory: String) throws -> String {
        let result = try run(["rev-parse", "--show-toplevel"], in: directory)
        guard result.status == 0 else {
            throw GitError(description: "'\(directory)' is not inside a git work tree")
        }
        return PathUtilities.standardize(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Lines changed since `ref` (committed, staged and unstaged; untracked files are not in a
    /// git diff and so count as unchanged), keyed by absolute path.
    public static func changedLines(since ref: String, in directory: String) throws -> ChangedLines {
        let root = try repositoryRoot(of: directory)
        let verify = try run(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"], in: root)
        guard verify.status == 0 else {
            throw GitError(description: "unknown git revision '\(ref)' in \(root)")
        }
        let diff = try run(["-c", "core.quotePath=true", "diff", "--unified=0", "--no-color", "--no-ext-diff",
                            "--no-renames", ref, "--"], in: root)
        guard diff.status == 0 else {
            throw GitError(description: "git diff \(ref) failed: \(diff.error.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let perFile: [String: Set<Int>]
        do { perFile = try UnifiedDiffParser.parse(diff.output) } catch {
            throw GitError(description: "cannot read the output of git diff: \(error)")
        }
        var lines: [String: Set<Int>] = [:]
        for (path, set) in perFile { lines[PathUtilities.absolute(path, relativeTo: root)] = set }
        return ChangedLines(lines: lines)
    }

    struct Output {
        var status: Int32
        var output: String
        var error: String
    }

    static func run(_ arguments: [String], in directory: String) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw GitError(description: "cannot run git: \(error.localizedDescription)")
        }
        // Read both pipes before waiting so a large diff cannot block the child.
        let errorBox = DataBox()
        let group = DispatchGroup()
        let errorHandle = err.fileHandleForReading
        group.enter()
        DispatchQueue.global().async {
            errorBox.data = errorHandle.readDataToEndOfFile()
            group.leave()
        }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errorData = errorBox.data
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw GitError(description: "git is not installed")
        }
        return Output(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      error: String(decoding: errorData, as: UTF8.self))
    }
}

/// Holds data written by one thread and read by another after a `DispatchGroup.wait()`,
/// which orders the accesses.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}
