/// One forward pass over the code tokens that classifies every `{` (type body, function body,
/// accessor block, closure, control-flow body) and collects declarations and closures.
/// It keeps its own stack: no recursion follows the input's nesting.
struct StructureBuilder {
    let t: TokenText
    let layer: TokenLayer
    var n: Int { layer.tokens.count }

    var types: [TypeDecl] = []
    var functions: [FunctionDecl] = []
    var variables: [VariableDecl] = []
    var closures: [Closure] = []
    var scopes: [Scope] = []
    var scopeOfToken: [Int32] = []
    /// `scopeOfToken`'s storage while the pass runs: written once per token, so through a raw
    /// buffer (no uniqueness or bounds check per write).
    private var scopeOut = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    /// Attributes or modifiers are waiting for a declaration (the per-token reset checks one flag).
    private var hasModifiers = false

    /// A declaration or control-flow header waiting for its `{`.
    enum Pending: Equatable {
        case none
        case type(Int)
        case function(Int)
        case variable(Int, sawEqual: Bool, end: Int)
        case control(ControlWord)
    }
    var pending: Pending = .none
    /// The open bracket enclosing the pending header (the `{` must be at the same level).
    var pendingLevel: Int32 = -1
    var attributes: [String] = []
    var modifiers: [String] = []
    var modifierLevel: Int32 = -2
    var scopeStack: [Int] = []
    /// The parts of the list `splitTopLevel` last split, reused so that no list allocates its own.
    var parts: [(first: Int, last: Int)] = []

    init(text: TokenText, layer: TokenLayer) {
        self.t = text
        self.layer = layer
    }

    static let modifierWords: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "package", "static", "final", "override",
        "lazy", "weak", "unowned", "mutating", "nonmutating", "required", "convenience", "dynamic",
        "optional", "indirect", "nonisolated", "distributed", "prefix", "postfix", "infix", "isolated",
        "consuming", "borrowing", "__consuming",
    ]
    static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "deinit", "subscript", "class", "struct", "enum", "protocol",
        "extension", "typealias", "associatedtype", "case", "import", "operator", "precedencegroup", "actor", "macro",
    ]
    static let accessorWords: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify", "unsafeAddress", "unsafeMutableAddress", "init"]
    static let controlWords: Set<String> = ["if", "guard", "while", "for", "switch", "do", "catch", "else", "repeat", "defer"]

    mutating func build() {
        // Sized from the token count (ratios of app code, a little under), so that most files
        // grow each list once at most rather than five or six times.
        scopes.reserveCapacity(n / 24 + 1)
        closures.reserveCapacity(n / 96 + 1)
        functions.reserveCapacity(n / 72 + 1)
        variables.reserveCapacity(n / 48 + 1)
        types.reserveCapacity(n / 160 + 1)
        scopes.append(Scope(kind: .file, open: -1, close: n, parent: nil))
        scopeStack = [0]
        // The pass writes each token's scope straight into the result's storage (every slot is
        // written: each token is stepped over or covered by the step before it).
        scopeOfToken = [Int32](unsafeUninitializedCapacity: n) { slots, initialized in
            scopeOut = slots
            scopeOut.initialize(repeating: 0)
            var i = 0
            while i < n {
                i = step(i)
            }
            scopeOut = UnsafeMutableBufferPointer(start: nil, count: 0)
            initialized = n
        }
        // Unclosed scopes end at the end of the file.

        // The tree keeps these lists for the whole run; their capacities were estimates.
        scopes = scopes.compacted()
        closures = closures.compacted()
        functions = functions.compacted()
        variables = variables.compacted()
        types = types.compacted()
    }

    var currentScope: Int { scopeStack.last ?? 0 }

    /// Processes token i; returns the next token to process.
    // Inlined into `build()`'s loop: a call per token cost 2 % of the tree's instructions.
    @inline(__always) mutating func step(_ i: Int) -> Int {
        let token = layer.tokens[i]
        scopeOut[i] = Int32(currentScope)
        let level = layer.enclosing[i]

        // A statement boundary at this level ends a pending variable header.
        if case .variable(_, _, let end) = pending, i > end + 1 || (i > end && level == pendingLevel && token.kind != .leftBrace) {
            pending = .none
        }

        switch token.kind {
        case .attribute:
            attributes.append(t.text(i))
            modifierLevel = level
            hasModifiers = true
            // `@available(iOS 13, *)`: the argument list belongs to the attribute.
            if i + 1 < n, layer.tokens[i + 1].kind == .leftParen, !layer.tokens[i + 1].flags.contains(.spaceBefore) {
                let close = Int(layer.matching[i + 1])
                if close > i {
                    attributes[attributes.count - 1] += t.compact(i + 1, close)
                    for k in (i + 1)...close { scopeOut[k] = Int32(currentScope) }
                    return close + 1
                }
            }
            return i + 1
        case .leftBrace:
            openBrace(i)
            clearModifiers()
            return i + 1
        case .rightBrace:
            closeBrace(i)
            clearModifiers()
            return i + 1
        case .semicolon:
            if level == pendingLevel { pending = .none }
            clearModifiers()
            return i + 1
        case .keyword, .identifier:
            // The hot path, inline: a member name after `.`, or a word the pass does nothing with.
            if i > 0 && layer.tokens[i - 1].kind == .period && !layer.lineBreakBefore[i] {
                clearModifiers()
                return i + 1
            }
            let word = t.words.classify(token, in: t.bytes)
            if word == .none {
                clearModifiers()
                return i + 1
            }
            return self.word(i, word, level: level)
        default:
            clearModifiers()
            return i + 1
        }
    }

    @inline(__always) mutating func clearModifiers() {
        guard hasModifiers else { return }
        hasModifiers = false
        // Dropped, not emptied in place: the declaration just made shares these buffers, so
        // keeping their capacity would allocate a copy for every declaration with a modifier.
        if !attributes.isEmpty { attributes = [] }
        if !modifiers.isEmpty { modifiers = [] }
        modifierLevel = -2
    }



    // MARK: Words: declarations, modifiers, control flow

    /// Token i, a word the pass acts on (`word`, not `.none`, and not after a `.`).
    mutating func word(_ i: Int, _ word: Word, level: Int32) -> Int {
        let token = layer.tokens[i]
        let isKeyword = token.kind == .keyword
        // Modifiers (`private(set)` included) before a declaration.
        if word == .modifier && isModifierPosition(i) {
            var modifier = t.text(i)
            var next = i + 1
            if i + 3 < n, layer.tokens[i + 1].kind == .leftParen, layer.tokens[i + 3].kind == .rightParen,
               !layer.tokens[i + 1].flags.contains(.spaceBefore) {
                modifier += "(" + t.text(i + 2) + ")"
                next = i + 4
            }
            modifiers.append(modifier)
            modifierLevel = level
            hasModifiers = true
            for k in i..<next { scopeOut[k] = Int32(currentScope) }
            return next
        }
        if word == .class, isKeyword, isClassModifier(i) {
            modifiers.append("class")
            modifierLevel = level
            hasModifiers = true
            return i + 1
        }
        switch word {
        case .class, .struct, .enum, .protocol, .extension:
            if isKeyword, let next = typeDeclaration(i, level: level) { return next }
        case .actor:
            if !isKeyword, atDeclarationStart(i), t.kind(i + 1) == .identifier, let next = typeDeclaration(i, level: level) { return next }
        case .func:
            if isKeyword { return functionDeclaration(i, kind: .function, level: level) }
        case .`init`:
            if isKeyword, !isInsideAccessorList(i) { return functionDeclaration(i, kind: .initializer, level: level) }
        case .deinit:
            if isKeyword { return functionDeclaration(i, kind: .deinitializer, level: level) }
        case .subscript:
            if isKeyword { return functionDeclaration(i, kind: .subscript, level: level) }
        case .var, .let:
            if isKeyword {
                if isConditionBinding(i) {
                    recordSelfUnwrap(i)
                } else if atDeclarationStart(i) || modifierLevel == level {
                    return variableDeclaration(i, level: level)
                }
            }
        case .endsDeclaration:
            if level == pendingLevel { pending = .none }
        case .case:
            if level == pendingLevel, case .control = pending {} else if level == pendingLevel { pending = .none }
        case .accessor:
            if !isKeyword, isInsideAccessorList(i) { return accessorDeclaration(i, level: level) }
        case .control:
            if isKeyword, !isArgumentLabel(i), let control = controlWord(i) { controlFlow(i, control, level: level) }
        case .none, .modifier:
            break
        }
        // `init` is also an accessor (init accessors), when written inside an accessor list.
        if word == .`init`, isInsideAccessorList(i) {
            return accessorDeclaration(i, level: level)
        }
        clearModifiers()
        return i + 1
    }

    /// `class` used as a modifier (`class func`, `class var`, `class override …`).
    func isClassModifier(_ i: Int) -> Bool {
        let k = i + 1
        guard k < n else { return false }
        // Compared as bytes, by length: no String made per `class` keyword.
        switch layer.tokens[k].length {
        case 3: return t.is(k, "var") || t.is(k, "let")
        case 4: return t.is(k, "func") || t.is(k, "open") || t.is(k, "init")
        case 5: return t.is(k, "final")
        case 6: return t.is(k, "public") || t.is(k, "static")
        case 7: return t.is(k, "private")
        case 8: return t.is(k, "override") || t.is(k, "internal") || t.is(k, "required")
        case 9: return t.is(k, "subscript")
        case 11: return t.is(k, "fileprivate") || t.is(k, "convenience")
        default: return false
        }
    }

    /// A modifier word is a modifier only when a declaration follows (`open` may be a function name).
    func isModifierPosition(_ i: Int) -> Bool {
        var k = i + 1
        // Skip `(set)`.
        if k < n, layer.tokens[k].kind == .leftParen, layer.matching[k] > Int32(k) { k = Int(layer.matching[k]) + 1 }
        guard k < n else { return false }
        let kind = layer.tokens[k].kind
        if kind == .attribute { return true }
        guard kind == .keyword || kind == .identifier else { return false }
        let word = t.words.classify(layer.tokens[k], in: t.bytes)
        return word == .modifier || word.startsDeclaration || t.is(k, "macro")
    }

    /// Token i begins a statement (a declaration may start here).
    func atDeclarationStart(_ i: Int) -> Bool {
        if i == 0 || layer.lineBreakBefore[i] { return true }
        switch layer.tokens[i - 1].kind {
        case .leftBrace, .rightBrace, .semicolon, .attribute: return true
        case .rightParen:
            // `@available(…) var`: the `)` closes an attribute's arguments.
            let open = Int(layer.matching[i - 1])
            return open > 0 && layer.tokens[open - 1].kind == .attribute
        case .keyword, .identifier:
            let word = t.words.classify(layer.tokens[i - 1], in: t.bytes)
            return word == .modifier || word == .class
        default: return false
        }
    }

    /// `if let x`, `guard var y`, `case let .a(x)`, `for var i`, `catch let e`, `, let z` in a condition list.
    func isConditionBinding(_ i: Int) -> Bool {
        guard i > 0 else { return false }
        if layer.lineBreakBefore[i], layer.tokens[i - 1].kind != .comma { return false }
        let prev = i - 1
        switch layer.tokens[prev].kind {
        case .comma, .leftParen: return layer.lineBreakBefore[i] ? pendingIsControl : true
        case .keyword:
            switch layer.tokens[prev].length {
            case 2: return t.is(prev, "if") || t.is(prev, "in")
            case 3: return t.is(prev, "for")
            case 4: return t.is(prev, "case")
            case 5: return t.is(prev, "guard") || t.is(prev, "while") || t.is(prev, "catch")
            default: return false
            }
        default:
            return false
        }
    }

    var pendingIsControl: Bool { if case .control = pending { return true } else { return false } }

    /// `guard let self`, `if let self = self`, `` guard let `self` = self ``: self becomes strong again.
    mutating func recordSelfUnwrap(_ i: Int) {
        guard t.is(i, "let") || t.is(i, "var"), i + 1 < n, t.isWord(i + 1, "self") else { return }
        // Only a binding whose value is self (or shorthand with no value).
        if i + 2 < n, layer.tokens[i + 2].kind == .equal, !(i + 3 < n && t.isWord(i + 3, "self")) { return }
        var s: Int? = currentScope
        while let scope = s {
            if case .closure(let c) = scopes[scope].kind {
                closures[c].selfUnwraps.append(i + 1)
                return
            }
            if case .functionBody = scopes[scope].kind { return }
            if case .typeBody = scopes[scope].kind { return }
            s = scopes[scope].parent
        }
    }

    /// `for` in `configure(_ cell: Cell, for row: Int)` or `configure(cell, for: row)`: inside
    /// parentheses, a keyword before `:` (or before a parameter name and `:`) is an argument label,
    /// not a statement.
    func isArgumentLabel(_ i: Int) -> Bool {
        let open = Int(layer.enclosing[i])
        guard open >= 0, layer.tokens[open].kind == .leftParen else { return false }
        if i + 1 < n, layer.tokens[i + 1].kind == .colon { return true }
        return i + 2 < n && layer.tokens[i + 1].kind == .identifier && layer.tokens[i + 2].kind == .colon
    }

    /// The control-flow keyword token i spells (the word table has told it is one).
    func controlWord(_ i: Int) -> ControlWord? {
        switch layer.tokens[i].length {
        case 2: return t.is(i, "if") ? .if : t.is(i, "do") ? .do : nil
        case 3: return t.is(i, "for") ? .for : nil
        case 4: return t.is(i, "else") ? .else : nil
        case 5: return t.is(i, "guard") ? .guard : t.is(i, "while") ? .while : t.is(i, "catch") ? .catch : t.is(i, "defer") ? .defer : nil
        case 6: return t.is(i, "switch") ? .switch : t.is(i, "repeat") ? .repeat : nil
        default: return nil
        }
    }

    mutating func controlFlow(_ i: Int, _ word: ControlWord, level: Int32) {
        // `repeat each T`, `(repeat each values)`: a pack expansion, not a loop (whose `{` follows at once).
        // Read as a loop, it took the place of the declaration waiting for its body.
        if word == .repeat, !(i + 1 < n && layer.tokens[i + 1].kind == .leftBrace) { return }
        if word == .while, i > 0, layer.tokens[i - 1].kind == .rightBrace {
            // `repeat { … } while cond`: no body follows.
            let open = Int(layer.matching[i - 1])
            if open >= 0, case .controlFlow(.repeat) = scopes[Int(scopeOut[open])].kind { return }
        }
        // The next `{` at this level is the statement's body (for `guard`, the one after `else`).
        pending = .control(word)
        pendingLevel = level
    }

    // MARK: Braces

    mutating func openBrace(_ i: Int) {
        let level = layer.enclosing[i]
        let close = layer.matching[i] >= 0 ? Int(layer.matching[i]) : n
        var kind: Scope.Kind = .other
        if level == pendingLevel {
            switch pending {
            case .type(let ti):
                types[ti].bodyOpen = i
                types[ti].bodyClose = close
                kind = .typeBody(ti)
                pending = .none
            case .function(let fi):
                functions[fi].bodyOpen = i
                functions[fi].bodyClose = close
                kind = .functionBody(fi)
                pending = .none
            case .variable(let vi, let sawEqual, _):
                if !sawEqual || startsWithObserver(i) {
                    kind = accessorBlockKind(variable: vi, open: i, close: close)
                    pending = .none
                }
            case .control(let word):
                if word != .guard {
                    kind = .controlFlow(word)
                    pending = .none
                }
            case .none:
                break
            }
        }
        if case .other = kind {
            kind = .closure(closures.count)
            closures.append(parseClosure(open: i, close: close, scope: scopes.count))
        }
        let scopeIndex = scopes.count
        scopes.append(Scope(kind: kind, open: i, close: close, parent: currentScope))
        scopeOut[i] = Int32(scopeIndex)
        scopeStack.append(scopeIndex)
    }

    mutating func closeBrace(_ i: Int) {
        let open = layer.matching[i]
        guard open >= 0 else { return }
        if let position = scopeStack.lastIndex(where: { scopes[$0].open == Int(open) }), position > 0 {
            scopeOut[i] = Int32(scopeStack[position])
            scopeStack.removeSubrange(position...)
        }
        if pendingLevel == open { pending = .none }
        // A `}` closing a type or function body ends any header pending inside it.
        if pendingLevel >= 0 && pendingLevel > open { pending = .none }
    }

    func startsWithObserver(_ open: Int) -> Bool {
        open + 1 < n && (t.is(open + 1, "willSet") || t.is(open + 1, "didSet"))
    }

    func firstIsAccessor(_ open: Int) -> Bool {
        guard open + 1 < n else { return false }
        var k = open + 1
        while k < n, layer.tokens[k].kind == .attribute || isAccessorModifier(k) { k += 1 }
        guard k < n, layer.tokens[k].kind == .identifier || layer.tokens[k].kind == .keyword else { return false }
        guard isAccessorWord(k) else { return false }
        guard k + 1 < n else { return true }
        let next = layer.tokens[k + 1].kind
        return next == .leftBrace || next == .leftParen || next == .rightBrace || t.is(k + 1, "async") || t.is(k + 1, "throws") || layer.lineBreakBefore[k + 1] || isAccessorWord(k + 1)
    }

    /// One of `accessorWords` (`get`, `set`, `willSet`, …, `init`), recognised from the bytes.
    private func isAccessorWord(_ k: Int) -> Bool {
        let word = t.words.classify(layer.tokens[k], in: t.bytes)
        return word == .accessor || word == .`init`
    }

    /// A modifier that may stand before an accessor (`mutating get`, `private set`).
    private func isAccessorModifier(_ k: Int) -> Bool {
        guard layer.tokens[k].kind == .keyword || layer.tokens[k].kind == .identifier else { return false }
        switch layer.tokens[k].length {
        case 6: return t.is(k, "public")
        case 7: return t.is(k, "private")
        case 8: return t.is(k, "mutating") || t.is(k, "internal")
        case 11: return t.is(k, "nonmutating") || t.is(k, "fileprivate")
        default: return false
        }
    }

    /// The block after `var x: T` or `subscript(…) -> T`: explicit accessors, or the getter's body.
    mutating func accessorBlockKind(variable vi: Int, open: Int, close: Int) -> Scope.Kind {
        if firstIsAccessor(open) {
            if startsWithObserver(open) { variables[vi].hasObservers = true } else { variables[vi].isComputed = true }
            return .accessorBlock(vi)
        }
        variables[vi].isComputed = true
        let getter = FunctionDecl(kind: .accessor, name: "get", nameToken: open, parameters: [], attributes: [], modifiers: [],
                                  returnType: variables[vi].typeText, bodyOpen: open, bodyClose: close,
                                  enclosingType: variables[vi].enclosingType, variable: vi, isLocal: variables[vi].isLocal)
        functions.append(getter)
        return .functionBody(functions.count - 1)
    }

    /// Accessor words count only directly inside an accessor block or a subscript body with explicit accessors.
    func isInsideAccessorList(_ i: Int) -> Bool {
        let scope = scopes[currentScope]
        guard layer.enclosing[i] == Int32(scope.open) else { return false }
        switch scope.kind {
        case .accessorBlock: return true
        case .functionBody(let f): return functions[f].kind == .subscript && firstIsAccessor(scope.open)
        default: return false
        }
    }

    mutating func accessorDeclaration(_ i: Int, level: Int32) -> Int {
        var variable: Int? = nil
        var enclosingType: Int? = nil
        if case .accessorBlock(let v) = scopes[currentScope].kind {
            variable = v
            enclosingType = variables[v].enclosingType
        } else if case .functionBody(let f) = scopes[currentScope].kind {
            enclosingType = functions[f].enclosingType
        }
        var parameters: [Parameter] = []
        if i + 1 < n, layer.tokens[i + 1].kind == .leftParen, i + 3 < n, layer.tokens[i + 3].kind == .rightParen {
            parameters = [Parameter(label: nil, name: t.name(i + 2), typeText: "")]
        }
        let decl = FunctionDecl(kind: .accessor, name: t.text(i), nameToken: i, parameters: parameters, attributes: attributes,
                                modifiers: modifiers, returnType: "", bodyOpen: nil, bodyClose: nil,
                                enclosingType: enclosingType, variable: variable, isLocal: false)
        functions.append(decl)
        pending = .function(functions.count - 1)
        pendingLevel = level
        clearModifiers()
        return i + 1
    }

    // MARK: Closures

    func parseClosure(open: Int, close: Int, scope: Int) -> Closure {
        var captures: [Capture] = []
        var parameters: [String] = []
        var k = open + 1
        var inToken: Int? = nil
        var captureList: ClosedRange<Int>? = nil
        if let signatureIn = findSignatureIn(open: open, close: close) {
            inToken = signatureIn
            // `{ @MainActor [weak self] in`: attributes come before the capture list.
            while k < signatureIn, layer.tokens[k].kind == .attribute {
                k += 1
                if k < signatureIn, layer.tokens[k].kind == .leftParen, !layer.tokens[k].flags.contains(.spaceBefore), layer.matching[k] > Int32(k) {
                    k = Int(layer.matching[k]) + 1
                }
            }
            if k < signatureIn, layer.tokens[k].kind == .leftBracket {
                let end = Int(layer.matching[k])
                if end > k && end < signatureIn {
                    captures = parseCaptureList(from: k + 1, to: end)
                    captureList = k...end
                    k = end + 1
                }
            }
            parameters = parseClosureParameters(from: k, to: signatureIn)
        }
        return Closure(open: open, close: close, captures: captures, captureList: captureList, parameters: parameters, inToken: inToken,
                       bodyStart: (inToken ?? open) + 1, scope: scope, selfUnwraps: [])
    }

    /// The `in` that ends a closure signature, if the closure has one.
    func findSignatureIn(open: Int, close: Int) -> Int? {
        var k = open + 1
        var steps = 0
        let level = Int32(open)
        while k < close && k < n && steps < 400 {
            steps += 1
            let token = layer.tokens[k]
            switch token.kind {
            case .keyword:
                if t.is(k, "in") && layer.enclosing[k] == level { return k }
                if !isClosureSignatureKeyword(k) { return nil }
            case .identifier, .comma, .colon, .arrow, .period, .questionMark, .exclamationMark, .attribute, .dollarIdentifier, .equal, .integerLiteral:
                // `=` and literals only inside a capture list: `[x = y.z]`.
                if (token.kind == .equal || token.kind == .integerLiteral) && layer.enclosing[k] == level { return nil }
            case .leftParen, .leftBracket:
                let m = Int(layer.matching[k])
                guard m > k else { return nil }
                k = m
            case .operator:
                for b in t.bytes[token.range] where b != UInt8(ascii: "<") && b != UInt8(ascii: ">") && b != UInt8(ascii: "&") && b != UInt8(ascii: "?") && b != UInt8(ascii: "!") {
                    return nil
                }
            case .ampersand:
                break
            case .stringStart, .stringSegment, .stringEnd:
                // Only inside a capture list's `[x = "…"]`.
                if layer.enclosing[k] == level { return nil }
            default:
                return nil
            }
            k += 1
        }
        return nil
    }

    /// Keywords a closure signature may hold before `in`: `_`, effects, `inout`, `some`/`any`, `Self`,
    /// literals in a capture list, and `open`, a contextual keyword that names a parameter (`{ [weak self] open in`).
    private func isClosureSignatureKeyword(_ k: Int) -> Bool {
        switch layer.tokens[k].length {
        case 1: return t.is(k, "_")
        case 3: return t.is(k, "Any") || t.is(k, "any") || t.is(k, "nil")
        case 4: return t.is(k, "Self") || t.is(k, "self") || t.is(k, "some") || t.is(k, "true") || t.is(k, "open")
        case 5: return t.is(k, "inout") || t.is(k, "async") || t.is(k, "false")
        case 6: return t.is(k, "throws")
        case 8: return t.is(k, "rethrows")
        default: return false
        }
    }

    func parseCaptureList(from start: Int, to end: Int) -> [Capture] {
        var captures: [Capture] = []
        var k = start
        while k < end {
            var itemEnd = k
            while itemEnd < end, layer.tokens[itemEnd].kind != .comma || layer.enclosing[itemEnd] != layer.enclosing[start] {
                if layer.matching[itemEnd] > Int32(itemEnd) { itemEnd = Int(layer.matching[itemEnd]) }
                itemEnd += 1
            }
            var j = k
            var specifier = CaptureSpecifier.strong
            if t.is(j, "weak") {
                specifier = .weak
                j += 1
            } else if t.is(j, "unowned") {
                specifier = .unowned
                j += 1
                if j < itemEnd, layer.tokens[j].kind == .leftParen, layer.matching[j] > Int32(j) { j = Int(layer.matching[j]) + 1 }
            }
            if j < itemEnd {
                let name = t.name(j)
                var expression = name
                if j + 1 < itemEnd, layer.tokens[j + 1].kind == .equal, j + 2 < itemEnd {
                    expression = t.joined(j + 2, itemEnd - 1)
                }
                captures.append(Capture(specifier: specifier, name: name, nameToken: j, expression: expression))
            }
            k = itemEnd + 1
        }
        return captures
    }

    func parseClosureParameters(from start: Int, to inToken: Int) -> [String] {
        guard start < inToken else { return [] }
        var names: [String] = []
        var from = start
        var to = inToken
        if layer.tokens[start].kind == .leftParen {
            let close = Int(layer.matching[start])
            if close > start && close < inToken {
                from = start + 1
                to = close
            }
        }
        let level = layer.enclosing[from < n ? from : start]
        var expectName = true
        var k = from
        while k < to {
            let kind = layer.tokens[k].kind
            if layer.enclosing[k] == level {
                if kind == .comma { expectName = true } else if expectName, kind == .identifier || kind == .keyword {
                    // `(label name: Type)` is not allowed in closures; the first word is the name.
                    names.append(t.name(k))
                    expectName = false
                } else if kind == .arrow {
                    break
                }
            }
            k += 1
        }
        return names
    }
}
