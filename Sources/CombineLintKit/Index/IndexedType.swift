/// A stored or computed property as the project index knows it.
public struct IndexedProperty: Sendable, Hashable {
    public var name: String
    public var typeText: String
    public var attributes: [String]
    public var modifiers: [String]
    public var isLet: Bool
    public var isStatic: Bool
    public var isComputed: Bool
    /// The initial value's source text, or empty.
    public var initializerText: String
    /// Where it is declared.
    public var file: String
    public var line: Int
    /// Its index in `variables` of the declaring file's `SyntaxTree`.
    public var variable: Int

    public func hasAttribute(_ name: String) -> Bool {
        attributes.contains { $0 == "@" + name || $0.hasPrefix("@" + name + "(") }
    }
}

/// A type as the project index knows it: every declaration and extension of one name merged.
public struct IndexedType: Sendable, Hashable {
    public var name: String
    /// The kind of the primary declaration (`class`, `struct`, …); `extension` when only extensions were seen.
    public var kind: TypeKind
    /// Inheritance entries from the declaration and every extension, in order of appearance, without repeats.
    public var inheritance: [String]
    public var attributes: [String]
    public var properties: [String: IndexedProperty]
    public var methods: Set<String>
    /// Files declaring or extending it.
    public var files: [String]
    /// Some declaration of this name stands at the top level of a file (not nested in another type,
    /// not local): the name then shadows a framework type of the same name.
    public var isDeclaredAtTopLevel: Bool = false
    /// The generic clause of its declaration (`<ViewModel: ViewModelType>`), or empty.
    public var genericClause: String = ""

    /// The superclass for a class: its first inheritance entry (may be a protocol; callers check the index).
    public var firstInherited: String? { kind == .class ? inheritance.first : nil }
}
