/// Code that UIKit or SwiftUI runs again and again during one object's life: appearance and
/// layout callbacks, app and scene foreground callbacks, per-row data source methods, cell
/// `configure`/`bind` methods, `.onAppear`.
public struct RepeatedSite: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `viewWillAppear`, `viewDidAppear` (and configured callbacks): paired with the disappear callbacks.
        case appearance
        /// `viewDidLayoutSubviews`, `layoutSubviews`, `traitCollectionDidChange`, and view state
        /// callbacks (`didMoveToWindow`, a cell's `setSelected`): no paired callback.
        case layout
        /// `tableView(_:cellForRowAt:)` and the other per-row data source and delegate methods.
        case perRow
        /// The closure of a diffable data source or a cell registration: runs per cell.
        case cellProvider
        /// A `configure…`/`bind…` method of a reusable cell subclass (`cellType`).
        case cellMethod(cellType: String)
        /// The closure of SwiftUI's `.onAppear` or `.task`: runs on every appearance of the view.
        case onAppear
        /// `sceneWillEnterForeground`, `applicationDidBecomeActive` and the other app and scene
        /// lifecycle callbacks: run each time the app comes back to (or leaves) the foreground.
        case foreground
    }
    public var kind: Kind
    /// Whether it runs per row or per cell reuse (a data source method, a cell provider, a cell's configure).
    public var isPerRowOrCell: Bool {
        switch kind {
        case .perRow, .cellProvider, .cellMethod: return true
        default: return false
        }
    }
    /// How messages name it: `viewWillAppear`, `tableView(_:cellForRowAt:)`, `.onAppear`.
    public var name: String
    /// The function (index into `SyntaxTree.functions`) or closure (index into `SyntaxTree.closures`) that repeats.
    public var function: Int?
    public var closure: Int?
    /// Token range of the repeated body.
    public var body: Range<Int>
}

/// Finds the repeated code around a token.
public struct RepeatedSites: Sendable {
    let tree: SyntaxTree
    let index: ProjectIndex
    let extraAppearance: Set<String>
    let extraCellMethods: Set<String>
    /// Per closure: the first closure from it outwards (itself included, up to its function or
    /// type) that is a repeated site, or -1; and the function around it, or -1. Worked out once,
    /// each from its parent's, so that a sink nested in a thousand others is not walked out of.
    private let siteClosure: [Int32]
    private let functionOfClosure: [Int32]

    public init(tree: SyntaxTree, index: ProjectIndex, extraAppearance: [String] = [], extraCellMethods: [String] = []) {
        self.tree = tree
        self.index = index
        self.extraAppearance = Set(extraAppearance)
        self.extraCellMethods = Set(extraCellMethods)
        var sites = [Int32](repeating: -1, count: tree.closures.count)
        var functions = [Int32](repeating: -1, count: tree.closures.count)
        for c in tree.closures.indices {
            let parent = tree.innermostClosure(of: tree.closures[c].open, outside: c)
            if RepeatedSites.closureSiteKind(c, in: tree, index: index) != nil {
                sites[c] = Int32(c)
            } else if let parent, parent < c {
                sites[c] = sites[parent]
            } else if parent != nil {
                // Closures are numbered by their opening brace, so a parent comes first; if not, walk.
                sites[c] = Int32(tree.enclosingClosures(of: tree.closures[c].open)
                    .first { RepeatedSites.closureSiteKind($0, in: tree, index: index) != nil } ?? -1)
            }
            if let parent, parent < c {
                functions[c] = functions[parent]
            } else {
                functions[c] = Int32(tree.enclosingFunction(of: tree.closures[c].open) ?? -1)
            }
        }
        siteClosure = sites
        functionOfClosure = functions
    }

    /// Whether closure `c` is itself repeated code: SwiftUI's `.onAppear`, or the closure of a
    /// cell provider; nil otherwise.
    static func closureSiteKind(_ c: Int, in tree: SyntaxTree, index: ProjectIndex) -> RepeatedSite.Kind? {
        guard let call = tree.call(receiving: c) else { return providerProperty(assigned: c, in: tree) != nil ? .cellProvider : nil }
        let element = tree.chains[call.chain].elements[call.element]
        if Catalogue.appearanceModifiers.contains(element.name), element.kind == .member { return .onAppear }
        if isCellProviderType(element.name, index: index) { return .cellProvider }
        return nil
    }

    /// The name of the per-item provider property that closure `c` is assigned to
    /// (`dataSource.supplementaryViewProvider = { … }`), if it is.
    static func providerProperty(assigned c: Int, in tree: SyntaxTree) -> String? {
        let open = tree.closures[c].open
        guard open >= 2, tree.tokens[open - 1].kind == .equal, tree.tokens[open - 2].kind == .identifier,
              case let name = tree.name(open - 2), Catalogue.perItemProviderProperties.contains(name) else { return nil }
        return name
    }

    /// A diffable data source or cell registration: named so, or a project's typealias for one
    /// (`typealias DataSource = UICollectionViewDiffableDataSource<Section, Row>`, every declaration of
    /// the alias's name) or subclass of one.
    private static func isCellProviderType(_ name: String, index: ProjectIndex) -> Bool {
        if Catalogue.cellProviderTypes.contains(name) { return true }
        guard name.first?.isUppercase == true else { return false }
        // Several screens may each declare their own `DataSource`: all of them must be cell providers.
        let targets = index.typealiasTargets(of: name)
        if !targets.isEmpty, targets.allSatisfy({ Catalogue.cellProviderTypes.contains(ProjectIndex.stripGenerics($0).lastNameComponent) }) {
            return true
        }
        return index.type(named: name) != nil && Catalogue.cellProviderTypes.contains { index.inherits(name, from: $0) }
    }

    /// The repeated code that holds token `token`, if any (the innermost closure or function decides).
    public func site(of token: Int) -> RepeatedSite? {
        let found: Int?
        if let innermost = tree.innermostClosure(of: token) {
            // The nearest repeated closure around the token, else the function around them all.
            let closure = Int(siteClosure[innermost])
            if closure >= 0, let kind = RepeatedSites.closureSiteKind(closure, in: tree, index: index),
               let callee = tree.call(receiving: closure).map({ tree.chains[$0.chain].elements[$0.element].name })
                ?? RepeatedSites.providerProperty(assigned: closure, in: tree) {
                let body = tree.closures[closure].open..<tree.closures[closure].close
                let name = kind == .onAppear ? "." + callee : "the \(callee) closure"
                return RepeatedSite(kind: kind, name: name, function: nil, closure: closure, body: body)
            }
            found = functionOfClosure[innermost] >= 0 ? Int(functionOfClosure[innermost]) : nil
        } else {
            found = tree.enclosingFunction(of: token)
        }
        guard let f = found else { return nil }
        let function = tree.functions[f]
        // `override var isSelected: Bool { didSet { … } }`: UIKit writes it on every tap, as it calls `setSelected`.
        if function.kind == .accessor, function.name == "didSet" || function.name == "willSet", let v = function.variable,
           case let variable = tree.variables[v], !variable.isStatic, variable.modifiers.contains("override"),
           Catalogue.stateChangeProperties.contains(variable.name), let open = function.bodyOpen, let close = function.bodyClose {
            return RepeatedSite(kind: .layout, name: "\(variable.name).\(function.name)", function: f, closure: nil, body: open..<close)
        }
        // `var viewModel: Model? { didSet { … } }` in a cell: the data source sets it on every reuse.
        if function.kind == .accessor, function.name == "didSet" || function.name == "willSet", let v = function.variable,
           !tree.variables[v].isStatic, let open = function.bodyOpen, let close = function.bodyClose,
           let cellType = reusableViewType(around: token) {
            return RepeatedSite(kind: .cellMethod(cellType: cellType), name: "\(tree.variables[v].name).\(function.name)",
                                function: f, closure: nil, body: open..<close)
        }
        guard function.kind == .function, let open = function.bodyOpen, let close = function.bodyClose else { return nil }
        let body = open..<close
        let name = function.name
        if Catalogue.appearanceCallbacks.contains(name) || extraAppearance.contains(name) {
            return RepeatedSite(kind: .appearance, name: name, function: f, closure: nil, body: body)
        }
        if Catalogue.foregroundCallbacks.contains(name) {
            return RepeatedSite(kind: .foreground, name: function.selectorName, function: f, closure: nil, body: body)
        }
        if Catalogue.layoutCallbacks.contains(name) || Catalogue.stateChangeCallbacks.contains(name)
            || (function.isOverride && Catalogue.appKitViewOverrideCallbacks.contains(name)) {
            return RepeatedSite(kind: .layout, name: name, function: f, closure: nil, body: body)
        }
        if Catalogue.stateChangeSelectors.contains(function.selectorName) {
            return RepeatedSite(kind: .layout, name: function.selectorName, function: f, closure: nil, body: body)
        }
        if Catalogue.perRowSelectors.contains(function.selectorName) {
            return RepeatedSite(kind: .perRow, name: function.selectorName, function: f, closure: nil, body: body)
        }
        if name.hasPrefix("configure") || name.hasPrefix("bind") || extraCellMethods.contains(name),
           let cellType = reusableViewType(around: token), !isCalledOnlyOnce(name, inType: cellType),
           !isHelperOfItsCell(function, inType: cellType), !isMadeAnewForEachRow(cellType) {
            return RepeatedSite(kind: .cellMethod(cellType: cellType), name: function.selectorName, function: f, closure: nil, body: body)
        }
        return nil
    }

    /// The name of the cell (or reusable view) type whose body holds the token.
    func reusableViewType(around token: Int) -> String? {
        guard let t = tree.enclosingType(of: token) else { return nil }
        let name = tree.types[t].name
        let simple = name.lastNameComponent
        for base in Catalogue.reusableViewBases where index.inherits(simple, from: base) { return simple }
        return nil
    }

    /// A setup method such as `configureViews()` called from `init` or `awakeFromNib` runs once per cell.
    func isCalledOnlyOnce(_ method: String, inType typeName: String) -> Bool {
        for other in trees(declaring: typeName) {
            for chain in other.chains {
                guard let element = chain.elements.first(where: { $0.name == method && $0.isCall }) else { continue }
                // Only calls on self: `configureViews()` or `self.configureViews()`.
                guard chain.elements.count == 1 || (chain.elements.count >= 2 && other.isWord(chain.root.nameToken, "self") && chain.elements[1] == element) else { continue }
                guard let t = other.enclosingType(of: element.nameToken), other.types[t].name.lastNameComponent == typeName else { continue }
                guard let f = other.enclosingFunction(of: element.nameToken) else { continue }
                let caller = other.functions[f]
                if caller.kind == .initializer || Catalogue.onceCallbacks.contains(caller.name) { return true }
            }
        }
        return false
    }

    /// How many calls of other types' methods of a name `isHelperOfItsCell` passes over before it
    /// takes the method for one that other code calls.
    static let passedOverCallsLimit = 32

    /// A `bind…` method that only the cell's own code calls (`configure(with:)` → `bindProgress(_:)`,
    /// a `didSet` → `bind()`) is not repeated code of its own: it repeats because its caller does,
    /// one call away, which is `repeated_subscription`'s path. One the data source calls is.
    /// Calls whose argument labels fit another method of the name (`viewModel.bind(to:)`) do not count.
    func isHelperOfItsCell(_ method: FunctionDecl, inType typeName: String) -> Bool {
        var called = false
        // Calls of other types' methods of the name are passed over, but only so many: a name that
        // thousands of types call (`bind()` of every screen) would make each cell read them all.
        var passedOver = 0
        for reference in index.chainElements[method.name] {
            let other = index.trees[reference.tree]
            let chain = other.chains[reference.chain]
            let element = chain.elements[reference.element]
            guard element.isCall, method.accepts(argumentLabels: element.argumentLabels) else { continue }
            let onSelf = reference.element == 0 || (reference.element == 1 && other.isWord(chain.root.nameToken, "self"))
            if !onSelf {
                // Another object's method of the name (`streakModel.bind()` on a view model) is no call of this one.
                if passedOver < Self.passedOverCallsLimit, let owner = TypeResolver.ownerType(ofElement: reference.element, in: chain, tree: other, index: index),
                   !index.areRelated(ProjectIndex.stripGenerics(owner).lastNameComponent, typeName) {
                    passedOver += 1
                    continue
                }
                return false
            }
            // The cell's own code, or a conforming cell's for a protocol's default method (`configure(with:)`
            // of `CardPreviewCell` calling `bindDueBadge(_:to:)` of `extension ConfigurableCell`); a call
            // on `self` in an unrelated type is that type's own method of the name.
            guard let t = other.enclosingType(of: element.nameToken) else { return false }
            let caller = other.types[t].name.lastNameComponent
            guard caller == typeName || index.inherits(caller, from: typeName) else {
                if passedOver >= Self.passedOverCallsLimit || index.areRelated(caller, typeName) { return false }
                passedOver += 1
                continue
            }
            called = true
        }
        return called
    }

    /// A cell type the project only ever makes with its initializer (`let cell = MarkerCellView()` in
    /// `tableView(_:viewFor:row:)`) and never dequeues, registers or casts to (`as? MarkerCellView`,
    /// `MarkerCellView.self`): each row gets a new cell, so its bag never carries a previous row's
    /// subscriptions.
    func isMadeAnewForEachRow(_ cellType: String) -> Bool {
        var made = false
        for reference in index.identifiers[cellType] {
            let tree = index.trees[reference.tree]
            let k = reference.token
            guard tree.tokenIs(k, cellType) else { continue }
            // Its declaration and extensions.
            if k > 0, tree.isWord(k - 1, "class") || tree.isWord(k - 1, "extension") { continue }
            // `MarkerCellView()`: a new cell.
            if k + 1 < tree.tokens.count, tree.tokens[k + 1].kind == .leftParen, tree.tokens[k + 1].startOffset == tree.tokens[k].endOffset {
                made = true
                continue
            }
            // Any other mention (a cast, `.self`, a reuse identifier, a generic argument) may be reuse.
            return false
        }
        return made
    }

    /// The trees of the files that declare or extend `typeName`.
    func trees(declaring typeName: String) -> [SyntaxTree] {
        index.treeIndices(declaring: typeName).map { index.trees[$0] }
    }

    /// Bodies of the functions named `names` declared in type `typeName` or its extensions, across files.
    public func bodies(ofMethods names: Set<String>, inType typeName: String) -> [(tree: SyntaxTree, body: Range<Int>)] {
        var result: [(SyntaxTree, Range<Int>)] = []
        for other in trees(declaring: typeName) {
            for function in other.functions where names.contains(function.name) && function.kind == .function {
                guard let t = function.enclosingType, let open = function.bodyOpen, let close = function.bodyClose else { continue }
                let declared = other.types[t].name
                guard declared.lastNameComponent == typeName else { continue }
                result.append((other, open..<close))
            }
        }
        return result
    }

    /// Bodies of the `didSet` and `willSet` observers of the properties named `names` declared in
    /// type `typeName` or its extensions, across files.
    public func observerBodies(ofProperties names: Set<String>, inType typeName: String) -> [(tree: SyntaxTree, body: Range<Int>)] {
        var result: [(SyntaxTree, Range<Int>)] = []
        for other in trees(declaring: typeName) {
            for function in other.functions where function.kind == .accessor && (function.name == "didSet" || function.name == "willSet") {
                guard let v = function.variable, names.contains(other.variables[v].name),
                      let t = other.variables[v].enclosingType, other.types[t].name.lastNameComponent == typeName,
                      let open = function.bodyOpen, let close = function.bodyClose else { continue }
                result.append((other, open..<close))
            }
        }
        return result
    }
}
