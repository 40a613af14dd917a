extension SubjectFakeInitialValueRule {
    /// `.sink { [weak self] in self?.show($0) }` or `.sink(receiveValue: show)` where the type's
    /// `func show(_ toast: Toast?)` starts with `guard let toast else { return }`: the subscriber
    /// hands each value to a method of its own type, and that method skips nil. The method is
    /// looked for in the same file, in the type (or an extension of it) around the subscriber.
    static func handlerMethodSkipsNil(closure c: Int, in tree: SyntaxTree, treeIndex: Int, index: ProjectIndex) -> Bool {
        guard let (name, open) = handedValueCall(closure: c, in: tree) else { return false }
        return methodSkipsNil(named: name, around: open, in: tree, treeIndex: treeIndex, index: index)
    }

    /// The body (between its braces) of the method of the closure's type that the closure hands its
    /// value to, as `handlerMethodSkipsNil(closure:in:treeIndex:index:)` finds it.
    static func handlerMethodBody(closure c: Int, in tree: SyntaxTree, treeIndex: Int, index: ProjectIndex) -> Range<Int>? {
        guard let (name, open) = handedValueCall(closure: c, in: tree),
              let method = uniqueMethod(named: name, around: open, in: tree, treeIndex: treeIndex, index: index),
              let bodyOpen = method.bodyOpen, let bodyClose = method.bodyClose, bodyOpen + 1 < bodyClose else { return nil }
        return (bodyOpen + 1)..<bodyClose
    }

    /// The name of the method the closure's body calls with its value alone, and the closure's brace.
    private static func handedValueCall(closure c: Int, in tree: SyntaxTree) -> (String, Int)? {
        let closure = tree.closures[c]
        guard let call = singleCall(from: closure.bodyStart, to: closure.close, in: tree),
              tree.tokens[call.open + 1].kind != .rightParen else { return nil }
        // The call's one argument is the closure's value: `$0`, or its one parameter.
        var value = call.open + 1
        // An argument label may be a reserved word: `presentShareSheet(for: url)`.
        if [.identifier, .keyword].contains(tree.tokens[value].kind), tree.tokens[value + 1].kind == .colon { value += 2 }
        guard value + 1 == Int(tree.matching[call.open]) else { return nil }
        let passesValue = tree.text(value) == "$0"
            || (closure.parameters.count == 1 && tree.tokens[value].kind == .identifier && tree.name(value) == closure.parameters[0])
        return passesValue ? (tree.name(call.name), closure.open) : nil
    }

    /// `.sink(receiveValue: show)`, `.sink(receiveValue: self.show)`: the method a subscriber is
    /// given skips nil (see `handlerMethodSkipsNil(closure:in:treeIndex:index:)`).
    static func referencedMethodSkipsNil(_ sink: ChainElement, in tree: SyntaxTree, treeIndex: Int, index: ProjectIndex) -> Bool {
        guard let argument = sink.argument("receiveValue") ?? (sink.arguments.count == 1 ? sink.arguments.first : nil),
              argument.closure == nil else { return false }
        let value = argument.value
        let name: Int
        if value.count == 1 {
            name = value.lowerBound
        } else if value.count == 3, tree.isSelfReference(value.lowerBound), tree.tokens[value.lowerBound + 1].kind == .period {
            name = value.upperBound
        } else {
            return false
        }
        guard tree.tokens[name].kind == .identifier else { return false }
        return methodSkipsNil(named: tree.name(name), around: sink.nameToken, in: tree, treeIndex: treeIndex, index: index)
    }

    /// The body from `start` to `end` is one call `m(…)`, `self.m(…)` or `self?.m(…)`: the tokens of
    /// the name and of the opening parenthesis.
    private static func singleCall(from start: Int, to end: Int, in tree: SyntaxTree) -> (name: Int, open: Int)? {
        var k = start
        if k < end, tree.isSelfReference(k) {
            k += 1
            if k < end, tree.tokens[k].kind == .questionMark { k += 1 }
            guard k < end, tree.tokens[k].kind == .period else { return nil }
            k += 1
        }
        guard k + 1 < end, tree.tokens[k].kind == .identifier, tree.tokens[k + 1].kind == .leftParen,
              Int(tree.matching[k + 1]) == end - 1 else { return nil }
        return (k, k + 1)
    }

    /// A method `name` with one parameter, of the type around token `token` (declared in this file),
    /// whose body skips a nil value of that parameter.
    private static func methodSkipsNil(named name: String, around token: Int, in tree: SyntaxTree, treeIndex: Int, index: ProjectIndex) -> Bool {
        guard let method = uniqueMethod(named: name, around: token, in: tree, treeIndex: treeIndex, index: index), let open = method.bodyOpen, let close = method.bodyClose,
              open + 1 < close else { return false }
        return bodySkipsNil(from: open + 1, to: close, parameter: method.parameters[0].name, in: tree)
    }

    /// The one method `name` with one parameter of the type around token `token` (declared in this file).
    private static func uniqueMethod(named name: String, around token: Int, in tree: SyntaxTree, treeIndex: Int,
                                      index: ProjectIndex) -> FunctionDecl? {
        guard let t = tree.enclosingType(of: token) else { return nil }
        let typeName = tree.types[t].name.lastNameComponent
        // The file's functions of that name, from the index: reading every same-named type of the
        // file for each use made a file of many same-named (nested) types quadratic.
        var found: Int?
        for reference in index.functions[name].entries(inTree: treeIndex) {
            let function = tree.functions[reference.item]
            guard function.kind == .function, function.parameters.count == 1, !function.isLocal,
                  let owner = function.enclosingType, tree.types[owner].name.lastNameComponent == typeName else { continue }
            guard found == nil else { return nil }
            found = reference.item
        }
        return found.map { tree.functions[$0] }
    }
}

extension SubjectFakeInitialValueRule {
    /// The methods a subscriber closure calls without arguments on any receiver
    /// (`self?.viewModel.messageShown()`), noted as "call:name" among the resets: when such a method
    /// of the declaring type sets the property back to nil, the subscriber resets the event it
    /// handled through the object that owns it, as if it wrote `viewModel.message = nil` itself.
    static func noteCalledMethods(in c: Int, of tree: SyntaxTree, treeIndex: Int, index: ProjectIndex, resets: inout Set<String>) {
        let closure = tree.closures[c]
        for name in argumentlessCalls(in: closure.bodyStart..<closure.close, of: tree) { resets.insert("call:" + name) }
        // `.sink { [weak self] in self?.showFailure($0) }`: the method it hands the value to may make
        // that call (`func showFailure(_ text: String) { …; viewModel.retryFailed() }`).
        if let body = handlerMethodBody(closure: c, in: tree, treeIndex: treeIndex, index: index) {
            for name in argumentlessCalls(in: body, of: tree) { resets.insert("call:" + name) }
        }
    }

    /// The methods a subscriber hands the value it handled back to (`self?.sync.resolve(conflict,
    /// keepLocal: keep)`, in the closure or in the method it hands the value to, a sheet's completion
    /// closure there included), noted as "ack:name": the value's owner is told that this event was
    /// dealt with, so a nil that such a method of the declaring type sets is the event's reset, not
    /// a state of its own, whatever else the call takes. (A setter of real state is not handed the
    /// value the subscriber was just given.)
    static func noteAcknowledgingCalls(in c: Int, of tree: SyntaxTree, treeIndex: Int, index: ProjectIndex, resets: inout Set<String>) {
        let closure = tree.closures[c]
        let values = ["$0"] + (closure.parameters.count == 1 ? [closure.parameters[0]] : [])
        for name in calls(passingFirst: values, in: closure.bodyStart..<closure.close, of: tree) { resets.insert("ack:" + name) }
        guard let (name, open) = handedValueCall(closure: c, in: tree),
              let method = uniqueMethod(named: name, around: open, in: tree, treeIndex: treeIndex, index: index),
              let bodyOpen = method.bodyOpen, let bodyClose = method.bodyClose, bodyOpen + 1 < bodyClose else { return }
        for name in calls(passingFirst: [method.parameters[0].name], in: (bodyOpen + 1)..<bodyClose, of: tree) { resets.insert("ack:" + name) }
    }

    /// The names of the calls on a receiver in `range` whose first argument is one of `values`, bare:
    /// `sync.resolve(conflict, keepLocal: true)`, `model.dismiss(toast: $0)`.
    private static func calls(passingFirst values: [String], in range: Range<Int>, of tree: SyntaxTree) -> [String] {
        var names: [String] = []
        var k = range.lowerBound
        while k + 3 < range.upperBound {
            if tree.tokens[k].kind == .period, tree.tokens[k + 1].kind == .identifier, tree.tokens[k + 2].kind == .leftParen {
                var value = k + 3
                if [.identifier, .keyword].contains(tree.tokens[value].kind), value + 1 < range.upperBound, tree.tokens[value + 1].kind == .colon { value += 2 }
                if value + 1 < range.upperBound, values.contains(tree.text(value)),
                   tree.tokens[value + 1].kind == .comma || tree.tokens[value + 1].kind == .rightParen {
                    names.append(tree.name(k + 1))
                }
            }
            k += 1
        }
        return names
    }

    /// Whether the write "tree:token" stands in a method named in `names` of the type `typeName`
    /// (its body or an extension of it), with or without parameters (see `noteAcknowledgingCalls`).
    static func isInAcknowledgingMethod(_ write: String, named names: Set<String>, of typeName: String, index: ProjectIndex) -> Bool {
        guard !names.isEmpty, let (tree, token) = position(ofWrite: write, index: index),
              let f = tree.enclosingFunction(of: token), case let function = tree.functions[f],
              function.kind == .function, names.contains(function.name),
              let owner = function.enclosingType, tree.types[owner].name.lastNameComponent == typeName else { return false }
        return true
    }

    /// The names of the calls without arguments on a receiver in `range`: `model.messageShown()`.
    static func argumentlessCalls(in range: Range<Int>, of tree: SyntaxTree) -> [String] {
        var names: [String] = []
        var k = range.lowerBound
        while k + 2 < range.upperBound {
            if tree.tokens[k].kind == .period, tree.tokens[k + 1].kind == .identifier, tree.tokens[k + 2].kind == .leftParen,
               Int(tree.matching[k + 2]) == k + 3 {
                names.append(tree.name(k + 1))
            }
            k += 1
        }
        return names
    }

    /// The handlers' calls, and one step further the calls without arguments that the project's
    /// methods of those names (without parameters) make: a screen's `viewModel.retryFailed()` whose
    /// body calls `chat.failureShown()` resets, through its view model, the event it handled.
    static func forwardedCalls(_ names: Set<String>, index: ProjectIndex) -> Set<String> {
        var result = names
        for name in names.sorted() {
            for reference in index.functions[name] {
                let tree = index.trees[reference.tree]
                let function = tree.functions[reference.item]
                guard function.kind == .function, function.parameters.isEmpty, function.enclosingType != nil,
                      let open = function.bodyOpen, let close = function.bodyClose, open + 1 < close else { continue }
                result.formUnion(argumentlessCalls(in: (open + 1)..<close, of: tree))
            }
        }
        return result
    }

    /// Whether the write "tree:token" stands in a method without parameters named in `names` of the
    /// type `typeName` (its body or an extension of it).
    static func isInMethod(_ write: String, named names: Set<String>, of typeName: String, index: ProjectIndex) -> Bool {
        guard !names.isEmpty, let (tree, token) = position(ofWrite: write, index: index),
              let f = tree.enclosingFunction(of: token), case let function = tree.functions[f],
              function.kind == .function, function.parameters.isEmpty, names.contains(function.name),
              let owner = function.enclosingType, tree.types[owner].name.lastNameComponent == typeName else { return false }
        return true
    }
}
