import Foundation

/// `--changed-since REF` and `--diff FILE`: the lines findings are kept on.
extension LintCommand {
    func changedLines() throws -> ChangedLines? {
        if let ref = options.changedSince {
            let anchor = options.stdinPath.map { (PathUtilities.absolute($0, relativeTo: cwd) as NSString).deletingLastPathComponent }
                ?? options.paths.first.map { gitAnchor(PathUtilities.absolute($0, relativeTo: cwd)) } ?? cwd
            do { return try GitDiff.changedLines(since: ref, in: anchor) } catch let error as GitError {
                throw Stop(message: error.description)
            }
        }
        guard let diffPath = options.diffPath else { return nil }
        let text: String
        if diffPath == "-" {
            text = String(decoding: io.readStandardInput(), as: UTF8.self)
        } else {
            switch FileReader.read(PathUtilities.absolute(diffPath, relativeTo: cwd)) {
            case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
            case .failure(let error): throw Stop(message: FileReadError(path: diffPath, reason: error.reason).description)
            }
        }
        do {
            // Diff paths are relative to the current folder (as `git diff` prints them from the top).
            let perFile = try UnifiedDiffParser.parse(text)
            var lines: [String: Set<Int>] = [:]
            for (path, set) in perFile { lines[PathUtilities.absolute(path, relativeTo: cwd), default: []].formUnion(set) }
            return ChangedLines(lines: lines)
        } catch let error as DiffParseError {
            throw Stop(message: "\(diffPath == "-" ? "<stdin>" : diffPath): \(error.description)")
        }
    }

    /// A folder to run git in for a lint path (the path itself when it is a folder).
    private func gitAnchor(_ absolute: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory.boolValue { return absolute }
        return (absolute as NSString).deletingLastPathComponent
    }
}
