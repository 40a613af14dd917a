/// The `didSet` and `willSet` observers of one file's properties, by variable: found once per file
/// (through `ProjectMemo`), so that a type asks for its own variables without reading every function.
public struct PropertyObservers: Sendable {
    /// Indices into the tree's `functions`, by index into its `variables`.
    public let byVariable: [Int: [Int]]

    public init(_ tree: SyntaxTree) {
        var table: [Int: [Int]] = [:]
        for (f, function) in tree.functions.enumerated() where function.kind == .accessor {
            guard function.name == "didSet" || function.name == "willSet", let v = function.variable else { continue }
            table[v, default: []].append(f)
        }
        byVariable = table
    }

    public static func of(tree t: Int, index: ProjectIndex, memo: ProjectMemo) -> PropertyObservers {
        memo.value(for: "property-observers\u{0}\(t)") { PropertyObservers(index.trees[t]) }
    }
}
