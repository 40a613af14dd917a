/// The kinds of type declaration.
public enum TypeKind: String, Sendable, Hashable {
    case `class`, `struct`, `enum`, `actor`, `protocol`, `extension`

    /// Reference types can form retain cycles; value types cannot.
    public var isReferenceType: Bool { self == .class || self == .actor }
}

/// A class, struct, enum, actor, protocol or extension.
public struct TypeDecl: Sendable, Hashable {
    public var kind: TypeKind
    /// The declared name; for an extension, the extended type as written (`Foo`, `Foo.Bar`).
    public var name: String
    /// Index of the name's first token in `SyntaxTree.tokens`.
    public var nameToken: Int
    /// Index of the declaration's keyword token.
    public var keywordToken: Int
    /// The generic parameter clause as written (`<T: Equatable>`), or empty.
    public var genericClause: String
    /// The inheritance list as written: superclass first (for classes), then conformances.
    public var inheritance: [String]
    public var attributes: [String]
    public var modifiers: [String]
    /// Body braces (token indices); `nil` when the body is missing.
    public var bodyOpen: Int?
    public var bodyClose: Int?
    /// The type this one is nested in, if any (index into `SyntaxTree.types`).
    public var parentType: Int?
    /// Set when the type is declared inside a function or closure body.
    public var isLocal: Bool
    /// Members declared directly in this body.
    public var functions: [Int] = []
    public var variables: [Int] = []
    public var nestedTypes: [Int] = []

    /// The access level written on the declaration (`private`, `public`, …) or `nil`.
    public var accessLevel: String? { modifiers.first(where: accessModifiers.contains) }

    /// Member lists start with room for eight: grown from one by doubling, a type of a dozen
    /// members would allocate its lists four or five times.
    mutating func addFunction(_ index: Int) {
        if functions.isEmpty { functions.reserveCapacity(8) }
        functions.append(index)
    }

    mutating func addVariable(_ index: Int) {
        if variables.isEmpty { variables.reserveCapacity(8) }
        variables.append(index)
    }
}

/// What a function-like declaration is.
public enum FunctionKind: String, Sendable, Hashable {
    case function, initializer, deinitializer, `subscript`
    /// `get`, `set`, `willSet`, `didSet`, `_read`, `_modify`, or the implicit getter of a computed property.
    case accessor
}

/// One parameter of a function, initializer or subscript.
public struct Parameter: Sendable, Hashable {
    /// Argument label as seen by callers (`nil` for `_`).
    public var label: String?
    /// The name used in the body.
    public var name: String
    /// The type as written.
    public var typeText: String
    /// It has a default value (`animated: Bool = true`): callers may leave it out.
    public var hasDefault: Bool = false
}

/// A function, initializer, deinit, subscript or accessor.
public struct FunctionDecl: Sendable, Hashable {
    public var kind: FunctionKind
    /// `viewWillAppear`, `init`, `deinit`, `subscript`, or the accessor's keyword (`get`, `didSet`).
    public var name: String
    public var nameToken: Int
    public var parameters: [Parameter]
    public var attributes: [String]
    public var modifiers: [String]
    /// The return type as written (after `->`), or empty.
    public var returnType: String
    public var bodyOpen: Int?
    public var bodyClose: Int?
    /// The type whose body declares it (directly), if any.
    public var enclosingType: Int?
    /// For accessors: the variable they belong to.
    public var variable: Int?
    /// Set when declared inside another function or closure body.
    public var isLocal: Bool
    /// Declared `async`: only an `await` runs it, so a pipeline written without one calls another overload.
    public var isAsync: Bool = false

    public var isOverride: Bool { modifiers.contains("override") }
    public var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }
    /// Declared `private` or `fileprivate`: only code of its own file can call it.
    public var isFilePrivate: Bool { modifiers.contains { $0 == "private" || $0 == "fileprivate" } }
    /// A property's `didSet` or `willSet`: it runs on each write of the property.
    public var isPropertyObserver: Bool { kind == .accessor && (name == "didSet" || name == "willSet") }
    /// Declared `@objc` (also `@objc(name)`) or `@IBAction`: the Objective-C runtime calls it by
    /// selector, as the target of a control, a gesture, a timer or an observer.
    public var isObjCCallable: Bool { FunctionDecl.marksObjCCallable(attributes) }
    /// Whether these attributes make a function `isObjCCallable`.
    public static func marksObjCCallable(_ attributes: [String]) -> Bool {
        attributes.contains { $0.hasPrefix("@objc") || $0.hasPrefix("@IBAction") }
    }
    /// `viewWillAppear(_:)`-style selector name built from the parameter labels.
    public var selectorName: String {
        guard kind == .function || kind == .initializer || kind == .subscript else { return name }
        return name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }

    /// Whether it declares a result (`-> T`, not `Void` or `()`).
    public var returnsValue: Bool { !["", "Void", "()"].contains(returnType) }

    /// Whether a call with these argument labels (`"_"` for none, a trailing closure included)
    /// can call this function: each label matches the next parameter's (an unlabelled argument
    /// may also be a trailing closure for a function-typed parameter), the parameters passed over
    /// have defaults, and so do those left after the last argument.
    public func accepts(argumentLabels labels: [String]) -> Bool {
        guard let after = matchArguments(labels, { _, _ in true }) else { return false }
        return parameters[after...].allSatisfy(\.hasDefault)
    }

    /// The parameter that receives argument `position` of a call written with `labels` (trailing
    /// closures last, `_` for an unlabelled one), matched as `accepts(argumentLabels:)` matches them.
    public func parameterIndex(receivingArgumentAt position: Int, labels: [String]) -> Int? {
        var found: Int?
        _ = matchArguments(labels) { argument, parameter in
            if argument == position { found = parameter }
            return argument < position
        }
        return found
    }

    /// Matches the arguments, in order, to parameters: each label to the next parameter of that
    /// label (an unlabelled argument also to a function-typed parameter, for a trailing closure),
    /// passing over parameters with defaults. `visit` gets each argument's position and its
    /// parameter's, and stops the match by returning false. The position after the last parameter
    /// matched, or nil when an argument fits no parameter.
    private func matchArguments(_ labels: [String], _ visit: (_ argument: Int, _ parameter: Int) -> Bool) -> Int? {
        func matches(_ parameter: Parameter, _ label: String) -> Bool {
            (parameter.label ?? "_") == label || (label == "_" && parameter.typeText.contains("->"))
        }
        var p = 0
        for (n, label) in labels.enumerated() {
            while p < parameters.count, !matches(parameters[p], label) {
                guard parameters[p].hasDefault else { return nil }
                p += 1
            }
            guard p < parameters.count else { return nil }
            guard visit(n, p) else { return p + 1 }
            p += 1
        }
        return p
    }
}

/// A `var` or `let` binding: a stored or computed property, or a local.
public struct VariableDecl: Sendable, Hashable {
    public var isLet: Bool
    public var name: String
    public var nameToken: Int
    /// The type annotation as written (`Set<AnyCancellable>`, `String?`), or empty.
    public var typeText: String
    /// The initial value's token range (`first...last`), if any.
    public var initializer: ClosedRange<Int>?
    public var attributes: [String]
    public var modifiers: [String]
    /// Has an accessor block that makes it computed (a getter), rather than observers.
    public var isComputed: Bool
    /// Has `willSet`/`didSet` observers.
    public var hasObservers: Bool
    /// The type whose body declares it, if it is a member.
    public var enclosingType: Int?
    /// Set for locals (declared in a function, accessor or closure body, or at top level of `main.swift`-style code).
    public var isLocal: Bool
    /// The innermost scope that declares it (index into `SyntaxTree.scopes`).
    public var scope: Int

    public var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }
    /// The access level written (`private`, `fileprivate`, `internal`, `public`, `open`), or `nil`.
    public var accessLevel: String? { modifiers.first(where: accessModifiers.contains) }
    /// The setter's access level from `private(set)` and the like, or `nil`.
    public var setterAccessLevel: String? {
        modifiers.first(where: { $0.hasSuffix("(set)") }).map { String($0.dropLast(5)) }
    }
    /// Whether it carries `@name` (give the name without `@`).
    public func hasAttribute(_ name: String) -> Bool {
        attributes.contains { $0 == "@" + name || $0.hasPrefix("@" + name + "(") }
    }
}

let accessModifiers: Set<String> = ["private", "fileprivate", "internal", "public", "open", "package"]
