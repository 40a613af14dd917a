/// Reading declaration headers: `class Name<T>: Super, Proto where …`, `func name(params) -> T`,
/// `var name: Type = value`. Headers are read ahead without consuming tokens, so that the main
/// pass still visits default values and initializers (closures there are classified as usual).
extension StructureBuilder {
    /// Index of the type declared directly around the current scope (walking out of nothing else).
    var enclosingTypeOfCurrentScope: Int? {
        if case .typeBody(let ti) = scopes[currentScopeIndex].kind { return ti }
        return nil
    }

    var currentScopeIndex: Int { scopeStack.last ?? 0 }

    /// Whether the current scope is inside a function, accessor or closure body.
    var currentScopeIsLocal: Bool {
        var s: Int? = currentScopeIndex
        while let scope = s {
            switch scopes[scope].kind {
            case .functionBody, .closure, .controlFlow: return true
            case .typeBody: return types[typeIndex(scope)].isLocal
            case .accessorBlock: return true
            case .file: return false
            case .other: break
            }
            s = scopes[scope].parent
        }
        return false
    }

    private func typeIndex(_ scope: Int) -> Int {
        if case .typeBody(let ti) = scopes[scope].kind { return ti }
        return 0
    }

    /// Skips a generic clause `<…>` starting at k (an operator token beginning with `<`); returns the index after it.
    func skipAngles(_ k: Int) -> Int {
        guard k < n, layer.tokens[k].kind == .operator, t.bytes[layer.tokens[k].startOffset] == UInt8(ascii: "<") else { return k }
        var depth = 0
        var j = k
        while j < n {
            let kind = layer.tokens[j].kind
            if kind == .operator || kind == .questionMark || kind == .exclamationMark {
                for b in t.utf8(j) {
                    if b == UInt8(ascii: "<") { depth += 1 } else if b == UInt8(ascii: ">") { depth -= 1 }
                }
                if depth <= 0 { return j + 1 }
            } else if kind == .leftParen || kind == .leftBracket {
                let m = Int(layer.matching[j])
                if m > j { j = m }
            } else if kind == .leftBrace || kind == .rightBrace || kind == .semicolon || kind == .equal {
                return j
            }
            j += 1
        }
        return j
    }

    /// Splits tokens from..<to at top-level commas (outside brackets and angle brackets).
    /// Splits `from..<to` at its top-level commas (not those inside brackets or `<…>`) into
    /// `parts`, the first and last token of each.
    mutating func splitTopLevel(_ from: Int, _ to: Int) {
        parts.removeAll(keepingCapacity: true)
        var start = from
        var angle = 0
        var k = from
        while k < to {
            let kind = layer.tokens[k].kind
            if kind == .leftParen || kind == .leftBracket || kind == .leftBrace {
                let m = Int(layer.matching[k])
                if m > k && m < to { k = m }
            } else if kind == .operator {
                for b in t.utf8(k) {
                    if b == UInt8(ascii: "<") { angle += 1 } else if b == UInt8(ascii: ">") { angle = max(0, angle - 1) }
                }
            } else if kind == .comma && angle == 0 {
                if k > start { parts.append((start, k - 1)) }
                start = k + 1
            }
            k += 1
        }
        if to > start { parts.append((start, to - 1)) }
    }

    mutating func typeDeclaration(_ i: Int, level: Int32) -> Int? {
        // `protocol P: class`, `AnyObject & class`: a constraint, not a declaration.
        if i > 0, layer.tokens[i - 1].kind == .colon || layer.tokens[i - 1].kind == .comma { return nil }
        var k = i + 1
        guard k < n, layer.tokens[k].kind == .identifier || layer.tokens[k].kind == .keyword else { return nil }
        let kindWord = t.text(i)
        guard let kind = TypeKind(rawValue: kindWord) else { return nil }
        let nameToken = k
        var name = t.name(k)
        k += 1
        // Extensions may name nested types: `extension Foo.Bar`.
        while k + 1 < n, layer.tokens[k].kind == .period, layer.tokens[k + 1].kind == .identifier {
            name += "." + t.name(k + 1)
            k += 2
        }
        var generic = ""
        let afterGeneric = skipAngles(k)
        if afterGeneric > k {
            generic = t.joined(k, afterGeneric - 1)
            k = afterGeneric
            // `extension Outer<Int>.Inner`: the extended type is the nested one (its name as
            // `Outer.Inner`, the arguments written kept as the clause).
            while kind == .extension, k + 1 < n, layer.tokens[k].kind == .period, layer.tokens[k + 1].kind == .identifier {
                name += "." + t.name(k + 1)
                k += 2
                let end = skipAngles(k)
                if end > k {
                    generic += t.joined(k, end - 1)
                    k = end
                }
            }
        }
        var inheritance: [String] = []
        if k < n, layer.tokens[k].kind == .colon {
            var end = k + 1
            while end < n, layer.tokens[end].kind != .leftBrace, !t.is(end, "where"), layer.tokens[end].kind != .semicolon,
                  !endsInheritanceList(end, start: k + 1) {
                if layer.tokens[end].kind == .leftParen || layer.tokens[end].kind == .leftBracket {
                    let m = Int(layer.matching[end])
                    if m > end { end = m }
                }
                end += 1
            }
            splitTopLevel(k + 1, end)
            inheritance = parts.map { t.joined($0.first, $0.last) }
        }
        let parent = enclosingTypeOfCurrentScope
        let decl = TypeDecl(kind: kind, name: name, nameToken: nameToken, keywordToken: i, genericClause: generic,
                            inheritance: inheritance, attributes: attributes, modifiers: modifiers,
                            bodyOpen: nil, bodyClose: nil, parentType: parent, isLocal: currentScopeIsLocal)
        types.append(decl)
        if let parent { types[parent].nestedTypes.append(types.count - 1) }
        pending = .type(types.count - 1)
        pendingLevel = level
        clearModifiers()
        return i + 1
    }

    /// Whether token `j` of a declaration's inheritance list (begun at `start`) lies past its end,
    /// where no `{` comes (code being typed, or a declaration without a body): a closing bracket, a
    /// keyword that starts other code (`public`, `func`; `class`, `Any`, `Self` and `protocol` can
    /// be entries), an attribute with arguments (`@objc(Name)`), or a new line that does not
    /// continue the list (after `,`, `:` or `&`, or before `,` or `&`). Without this bound the list
    /// of every such declaration ran to the end of the file, and a file of them took time with the
    /// square of its length.
    private func endsInheritanceList(_ j: Int, start: Int) -> Bool {
        let token = layer.tokens[j]
        switch token.kind {
        case .rightBrace, .rightParen, .rightBracket:
            return true
        case .keyword where !(t.is(j, "class") || t.is(j, "Any") || t.is(j, "Self") || t.is(j, "protocol")):
            return true
        case .attribute where j + 1 < n && layer.tokens[j + 1].kind == .leftParen && !layer.tokens[j + 1].flags.contains(.spaceBefore):
            // `@objc(Name)`, `@available(…)`: a declaration's attribute (a conformance's has no arguments).
            return true
        default:
            break
        }
        guard j > start, layer.lineBreakBefore[j] else { return false }
        let continues: (Int) -> Bool = { i in
            let kind = self.layer.tokens[i].kind
            return kind == .comma || kind == .colon || self.t.is(i, "&")
        }
        return !continues(j - 1) && !continues(j)
    }

    mutating func functionDeclaration(_ i: Int, kind: FunctionKind, level: Int32) -> Int {
        var k = i + 1
        let name: String
        var nameToken = i
        if kind == .function, k < n {
            name = t.name(k)
            nameToken = k
            k += 1
        } else {
            name = t.text(i)
        }
        // `init?`, `init!`.
        if kind == .initializer, k < n, layer.tokens[k].kind == .questionMark || layer.tokens[k].kind == .exclamationMark || t.is(k, "?") || t.is(k, "!") { k += 1 }
        k = skipAngles(k)
        var parameters: [Parameter] = []
        if k < n, layer.tokens[k].kind == .leftParen {
            let close = Int(layer.matching[k])
            if close > k {
                parameters = parseParameters(k + 1, close)
                k = close + 1
            }
        }
        var returnType = ""
        var isAsync = false
        // Effects, then `-> Type`, up to `{`, `where`, or the end of the line.
        while k < n, !layer.lineBreakBefore[k] || layer.tokens[k].kind == .arrow, layer.tokens[k].kind != .leftBrace {
            if layer.tokens[k].kind == .arrow {
                var end = k + 1
                while end < n, layer.tokens[end].kind != .leftBrace, !t.is(end, "where"), !(layer.lineBreakBefore[end] && end > k + 1 && layer.tokens[end].kind != .period) {
                    if layer.tokens[end].kind == .leftParen || layer.tokens[end].kind == .leftBracket {
                        let m = Int(layer.matching[end])
                        if m > end { end = m }
                    }
                    end += 1
                }
                returnType = t.joined(k + 1, end - 1)
                break
            }
            if t.is(k, "where") { break }
            if t.is(k, "async") { isAsync = true }
            k += 1
        }
        var decl = FunctionDecl(kind: kind, name: name, nameToken: nameToken, parameters: parameters, attributes: attributes,
                                modifiers: modifiers, returnType: returnType, bodyOpen: nil, bodyClose: nil,
                                enclosingType: enclosingTypeOfCurrentScope, variable: nil, isLocal: currentScopeIsLocal)
        decl.isAsync = isAsync
        functions.append(decl)
        if let owner = decl.enclosingType { types[owner].addFunction(functions.count - 1) }
        pending = .function(functions.count - 1)
        pendingLevel = level
        clearModifiers()
        return i + 1
    }

    mutating func parseParameters(_ from: Int, _ to: Int) -> [Parameter] {
        splitTopLevel(from, to)
        // One allocation at the list's size (`compactMap` would grow its result by doubling).
        var parameters: [Parameter] = []
        parameters.reserveCapacity(parts.count)
        for part in parts {
            var k = part.0
            while k <= part.1, layer.tokens[k].kind == .attribute { k += 1 }
            guard k <= part.1 else { continue }
            var colon = k
            while colon <= part.1, layer.tokens[colon].kind != .colon { colon += 1 }
            guard colon <= part.1 else { continue }
            // `label name: T` or `name: T`: the first word is the label, the last the name.
            var first = -1, last = -1
            for w in k..<colon where layer.tokens[w].kind == .identifier || layer.tokens[w].kind == .keyword {
                if first < 0 { first = w }
                last = w
            }
            guard last >= 0 else { continue }
            let label: String? = t.is(first, "_") ? nil : t.name(first)
            var typeEnd = part.1
            var hasDefault = false
            var e = colon + 1
            while e <= part.1 {
                if layer.tokens[e].kind == .equal {
                    typeEnd = e - 1
                    hasDefault = true
                    break
                }
                if layer.tokens[e].kind == .leftParen || layer.tokens[e].kind == .leftBracket {
                    let m = Int(layer.matching[e])
                    if m > e { e = m }
                }
                e += 1
            }
            parameters.append(Parameter(label: label, name: t.name(last), typeText: t.joined(colon + 1, typeEnd), hasDefault: hasDefault))
        }
        return parameters
    }

    mutating func variableDeclaration(_ i: Int, level: Int32) -> Int {
        let isLet = t.is(i, "let")
        var k = i + 1
        var lastEnd = i
        var lastCreated = -1
        var sawEqual = false
        bindings: while k < n {
            // Name, or a tuple pattern whose names all bind (its identifiers directly inside the parentheses).
            let names: Range<Int>
            let tuple: Int32
            if layer.tokens[k].kind == .leftParen, layer.matching[k] > Int32(k) {
                let close = Int(layer.matching[k])
                names = (k + 1)..<close
                tuple = Int32(k)
                k = close + 1
            } else if layer.tokens[k].kind == .identifier || layer.tokens[k].kind == .keyword {
                names = k..<(k + 1)
                tuple = -1
                k += 1
            } else {
                break
            }
            var typeText = ""
            if k < n, layer.tokens[k].kind == .colon {
                let end = typeAnnotationEnd(k + 1)
                typeText = t.joined(k + 1, end - 1)
                k = end
            }
            var initializer: ClosedRange<Int>? = nil
            if k < n, layer.tokens[k].kind == .equal {
                sawEqual = true
                let end = expressionEnd(k + 1, level: level)
                if end > k + 1 { initializer = (k + 1)...(end - 1) }
                k = end
            }
            lastEnd = max(lastEnd, k - 1)
            for nameToken in names where tuple < 0 || layer.tokens[nameToken].kind == .identifier && layer.enclosing[nameToken] == tuple {
                let decl = VariableDecl(isLet: isLet, name: t.name(nameToken), nameToken: nameToken, typeText: typeText,
                                        initializer: initializer, attributes: attributes, modifiers: modifiers,
                                        isComputed: false, hasObservers: false, enclosingType: enclosingTypeOfCurrentScope,
                                        isLocal: currentScopeIsLocal, scope: currentScopeIndex)
                variables.append(decl)
                lastCreated = variables.count - 1
                if let owner = decl.enclosingType { types[owner].addVariable(variables.count - 1) }
            }
            if k < n, layer.tokens[k].kind == .comma, layer.enclosing[k] == level {
                k += 1
                continue bindings
            }
            break
        }
        if lastCreated >= 0 {
            pending = .variable(lastCreated, sawEqual: sawEqual, end: lastEnd)
            pendingLevel = level
        }
        clearModifiers()
        return i + 1
    }

    /// End (exclusive) of a type annotation starting at k: stops at `=`, `{`, a top-level `,`, `;`,
    /// or a line break that does not continue the type.
    func typeAnnotationEnd(_ start: Int) -> Int {
        var k = start
        var angle = 0
        while k < n {
            let token = layer.tokens[k]
            if k > start, layer.lineBreakBefore[k], angle == 0, token.kind != .period, token.kind != .arrow { break }
            switch token.kind {
            case .equal, .leftBrace, .rightBrace, .semicolon:
                return k
            case .comma:
                if angle == 0 { return k }
            case .leftParen, .leftBracket:
                let m = Int(layer.matching[k])
                if m > k { k = m }
            case .operator, .questionMark, .exclamationMark:
                for b in t.utf8(k) {
                    if b == UInt8(ascii: "<") { angle += 1 } else if b == UInt8(ascii: ">") { angle = max(0, angle - 1) }
                }
            default:
                break
            }
            k += 1
        }
        return k
    }

    /// End (exclusive) of an expression starting at `start` at bracket level `level`: the statement
    /// ends at `;`, a closing brace, a top-level `,`, a `{` that starts observers, or a line break
    /// that Swift does not continue.
    func expressionEnd(_ start: Int, level: Int32) -> Int {
        var k = start
        while k < n {
            let token = layer.tokens[k]
            if k > start, layer.lineBreakBefore[k], !StatementRules.continues(layer: layer, text: t, previous: k - 1, next: k) { return k }
            switch token.kind {
            case .semicolon, .rightBrace, .rightParen, .rightBracket, .interpolationEnd:
                return k
            case .comma:
                return k
            case .operator:
                // Generic arguments in an expression: `CurrentValueSubject<String?, Never>(nil)`.
                if !token.flags.contains(.spaceBefore), t.bytes[token.startOffset] == UInt8(ascii: "<") {
                    let end = skipAngles(k)
                    if end > k, end < n, layer.tokens[end].kind == .leftParen || layer.tokens[end].kind == .period || layer.tokens[end].kind == .leftBrace {
                        k = end
                        continue
                    }
                }
            case .leftBrace:
                if t.is(k + 1, "willSet") || t.is(k + 1, "didSet") { return k }
                let m = Int(layer.matching[k])
                if m > k { k = m } else { return n }
            case .leftParen, .leftBracket, .interpolationStart:
                let m = Int(layer.matching[k])
                if m > k { k = m } else { return n }
            default:
                break
            }
            k += 1
        }
        return k
    }
}
