import Foundation

/// `combinelint trace …` (stub; the tracer branch replaces this file).
enum TraceCommand {
    static let help = """
    USAGE: combinelint trace report FILE

    Reports on a CombineTrace trace file (not available in this build yet).
    """

    static func run(_ arguments: [String]) -> Int32 {
        FileHandle.standardError.write(Data("error: 'combinelint trace' is not available in this build yet\n".utf8))
        return 2
    }
}
