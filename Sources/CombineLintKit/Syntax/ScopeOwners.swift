/// Per scope of a tree, what the queries that walk out from a token ask: the function, the type,
/// the method (`outerMethod(of:)`) and the closure a token in that scope stands in. Made in one
/// pass over the scopes (a parent scope precedes its children), so that a token under thousands
/// of nested `if`s or functions is answered in one step, not one per scope around it.
struct ScopeOwners: Sendable {
    /// -1 where there is none.
    let function: [Int32]
    let type: [Int32]
    let method: [Int32]
    let closure: [Int32]
    /// The scope itself when it is a closure, function or type body or the file, else the nearest
    /// such scope around it: a walk that looks only at those steps over `if`s and `for`s at once.
    let declaring: [Int32]

    /// `closures`: `ScopeOwners.innermostClosures(of: scopes)`. `outsideNest`: per closure, the
    /// scope around the outermost closure of its nest (`SyntaxTree.scopeOutsideClosureNest`); the
    /// walks outside closures go there in one step.
    init(scopes: [Scope], functions: [FunctionDecl], closures: [Int32], outsideNest: [Int32]) {
        var function = [Int32](repeating: -1, count: scopes.count)
        var type = function, method = function, declaring = function
        for (s, scope) in scopes.enumerated() {
            // The scope a walk outside closures goes on to, and the plain parent: both precede `s`.
            let parent = scope.parent.flatMap { $0 < s ? $0 : nil }
            var outside = parent
            if case .closure(let c) = scope.kind {
                let around = Int(outsideNest[c])
                outside = around >= 0 && around < s ? around : nil
            }
            let fromOutside = { (table: [Int32]) -> Int32 in outside.map { table[$0] } ?? -1 }
            switch scope.kind {
            case .closure, .functionBody, .typeBody, .file: declaring[s] = Int32(truncatingIfNeeded: s)
            default: declaring[s] = parent.map { declaring[$0] } ?? -1
            }
            switch scope.kind {
            case .functionBody(let f):
                function[s] = Int32(truncatingIfNeeded: f)
                type[s] = fromOutside(type)
                // A local function belongs to its method; an initializer or accessor is no method.
                method[s] = functions[f].isLocal ? fromOutside(method) : functions[f].kind == .function ? Int32(truncatingIfNeeded: f) : -1
            case .typeBody(let t):
                type[s] = Int32(truncatingIfNeeded: t)
            case .file:
                break
            default:
                function[s] = fromOutside(function)
                type[s] = fromOutside(type)
                method[s] = fromOutside(method)
            }
        }
        self.function = function
        self.type = type
        self.method = method
        self.closure = closures
        self.declaring = declaring
    }

    /// Per scope, the innermost closure a token in it stands in, or -1: the closure itself, none
    /// in a function or type body or the file, else the answer of the scope around.
    static func innermostClosures(of scopes: [Scope]) -> [Int32] {
        var closure = [Int32](repeating: -1, count: scopes.count)
        for (s, scope) in scopes.enumerated() {
            switch scope.kind {
            case .closure(let c): closure[s] = Int32(truncatingIfNeeded: c)
            case .functionBody, .typeBody, .file: break
            default: closure[s] = scope.parent.flatMap { $0 < s ? closure[$0] : nil } ?? -1
            }
        }
        return closure
    }
}
