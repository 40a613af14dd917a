/// Declarations of all files, merged by type name. Built once before rules run; read-only after.
public struct ProjectIndex: Sendable {
    public init(trees: [SyntaxTree]) {}
}
