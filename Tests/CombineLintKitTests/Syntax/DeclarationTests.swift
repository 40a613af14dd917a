import XCTest
@testable import CombineLintKit

final class DeclarationTests: XCTestCase {
    func testTypesWithInheritanceGenericsAndNesting() {
        let tree = parse("""
        public final class FeedViewController<T: Item>: UIViewController, UITableViewDataSource where T: Hashable {
            struct Row { enum Kind: Int { case a } }
        }
        extension Foo.Bar: P {}
        actor Store {}
        protocol Service: AnyObject, class {}
        """)
        XCTAssertEqual(tree.types.map { "\($0.kind.rawValue) \($0.name)\($0.genericClause) \($0.inheritance) \($0.modifiers)" }, [
            "class FeedViewController<T: Item> [\"UIViewController\", \"UITableViewDataSource\"] [\"public\", \"final\"]",
            "struct Row [] []",
            "enum Kind [\"Int\"] []",
            "extension Foo.Bar [\"P\"] []",
            "actor Store [] []",
            "protocol Service [\"AnyObject\", \"class\"] []",
        ])
        XCTAssertEqual(tree.types[1].parentType, 0)
        XCTAssertEqual(tree.types[2].parentType, 1)
        XCTAssertEqual(tree.types[0].nestedTypes, [1])
        XCTAssertEqual(tree.position(tree.types[0].nameToken), "1:20")
    }

    func testFunctionsInitializersAccessorsAndModifiers() {
        let tree = parse("""
        class A: B {
            override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated) }
            @IBAction private func tap(_ sender: UIButton, for event: UIEvent) {}
            convenience init?(name: String = "x") { self.init() }
            deinit { print("bye") }
            class func make() -> A { A() }
            func load<T: Decodable>(_ type: T.Type) async throws -> [T] where T: Sendable { [] }
            var count: Int { items.count }
            var title: String { get { "" } set { } }
            subscript(index: Int) -> Int { index }
        }
        """)
        XCTAssertEqual(tree.functions.map { "\($0.kind.rawValue) \($0.selectorName) \($0.modifiers) \($0.attributes) -> \($0.returnType)" }, [
            "function viewWillAppear(_:) [\"override\"] [] -> ",
            "function tap(_:for:) [\"private\"] [\"@IBAction\"] -> ",
            "initializer init(name:) [\"convenience\"] [] -> ",
            "deinitializer deinit [] [] -> ",
            "function make() [\"class\"] [] -> A",
            "function load(_:) [] [] -> [T]",
            "accessor get [] [] -> Int",
            "accessor get [] [] -> ",
            "accessor set [] [] -> ",
            "subscript subscript(index:) [] [] -> Int",
        ])
        XCTAssertEqual(tree.functions[1].parameters.map { "\($0.label ?? "_") \($0.name): \($0.typeText)" }, ["_ sender: UIButton", "for event: UIEvent"])
        XCTAssertTrue(tree.functions.allSatisfy { $0.enclosingType == 0 })
        XCTAssertEqual(tree.functions[6].variable, 0)
        XCTAssertTrue(tree.variables[0].isComputed)
        XCTAssertTrue(tree.variables[1].isComputed)
    }

    func testParameterDefaultsTellWhichCallsAFunctionAccepts() {
        let tree = parse("""
        func publisher(in center: NotificationCenter = .default, object: AnyObject? = nil, _ f: (Int) -> Int = { $0 }) -> P { p }
        func load(_ id: Int, animated: Bool = true, completion: @escaping () -> Void) {}
        """)
        XCTAssertEqual(tree.functions[0].parameters.map(\.hasDefault), [true, true, true])
        XCTAssertEqual(tree.functions[0].parameters.map(\.typeText), ["NotificationCenter", "AnyObject?", "(Int) -> Int"])
        XCTAssertEqual(tree.functions[1].parameters.map(\.hasDefault), [false, true, false])
        XCTAssertTrue(tree.functions[0].accepts(argumentLabels: []))
        XCTAssertTrue(tree.functions[0].accepts(argumentLabels: ["object"]))
        XCTAssertFalse(tree.functions[0].accepts(argumentLabels: ["object", "in"]))
        XCTAssertFalse(tree.functions[0].accepts(argumentLabels: ["for"]))
        XCTAssertTrue(tree.functions[1].accepts(argumentLabels: ["_", "_"]))  // a trailing closure
        XCTAssertTrue(tree.functions[1].accepts(argumentLabels: ["_", "animated", "completion"]))
        XCTAssertFalse(tree.functions[1].accepts(argumentLabels: ["_"]))
        XCTAssertFalse(tree.functions[1].accepts(argumentLabels: ["animated", "completion"]))
    }

    func testStoredPropertiesWithAttributesAccessAndInitializers() {
        let tree = parse("""
        final class ViewModel: ObservableObject {
            @Published private(set) var posts: [Post] = []
            @Published var toast: String?
            private var cancellables = Set<AnyCancellable>()
            let subject = CurrentValueSubject<String?, Never>(nil)
            static let shared = ViewModel()
            var values: [String: Int] = [:], other = 2
            var observed = 0 {
                didSet { print(observed) }
            }
            func f() {
                let local = 1
                if let x = maybe, var y = other { }
                for var i in 0..<3 {}
            }
        }
        """)
        XCTAssertEqual(tree.variables.map { "\($0.isLet ? "let" : "var") \($0.name): \($0.typeText) = \($0.initializer.map { tree.text($0.lowerBound, $0.upperBound) } ?? "-") \($0.attributes + $0.modifiers) local=\($0.isLocal)" }, [
            "var posts: [Post] = [] [\"@Published\", \"private(set)\"] local=false",
            "var toast: String? = - [\"@Published\"] local=false",
            "var cancellables:  = Set<AnyCancellable>() [\"private\"] local=false",
            "let subject:  = CurrentValueSubject<String?, Never>(nil) [] local=false",
            "let shared:  = ViewModel() [\"static\"] local=false",
            "var values: [String: Int] = [:] [] local=false",
            "var other:  = 2 [] local=false",
            "var observed:  = 0 [] local=false",
            "let local:  = 1 [] local=true",
        ])
        XCTAssertEqual(tree.variables[0].setterAccessLevel, "private")
        XCTAssertNil(tree.variables[0].accessLevel)
        XCTAssertTrue(tree.variables[0].hasAttribute("Published"))
        XCTAssertTrue(tree.variables[7].hasObservers)
        XCTAssertFalse(tree.variables[7].isComputed)
        XCTAssertEqual(tree.types[0].variables.count, 8)
    }

    func testInheritanceListsEndWhereNoBodyFollows() {
        // Lists over several lines go on after `,`, `:` or `&` (or before `,`); a declaration
        // without a body (code being typed) ends its list at the line's end or at the next
        // declaration, not at the next `{` of the file.
        let tree = parse("""
        class Feed:
            UIViewController,
            UITableViewDataSource
            , Sendable &
            Identifiable
        {
        }
        @objc(A) public class A: NSManagedObject @objc(B) public class B: NSManagedObject
        class Draft: Base
        func later() { }
        extension C: @unchecked Sendable, P { }
        """)
        XCTAssertEqual(tree.types.map { "\($0.name) \($0.inheritance)" }, [
            "Feed [\"UIViewController\", \"UITableViewDataSource\", \"Sendable & Identifiable\"]",
            "A [\"NSManagedObject\"]",
            "B [\"NSManagedObject\"]",
            "Draft [\"Base\"]",
            "C [\"@unchecked Sendable\", \"P\"]",
        ])
    }

    func testClassAsConstraintAndModifierIsNotADeclaration() {
        let tree = parse("""
        protocol P: class { func f() }
        class C { class var shared: C { C() } }
        """)
        XCTAssertEqual(tree.types.map(\.name), ["P", "C"])
        XCTAssertEqual(tree.variables.map(\.name), ["shared"])
        XCTAssertEqual(tree.variables[0].modifiers, ["class"])
    }

    func testBothBranchesOfIfConfigAreAnalysed() {
        let tree = parse("""
        class A {
        #if DEBUG
            var debugBag = Set<AnyCancellable>()
        #elseif os(iOS)
            var iosBag = Set<AnyCancellable>()
        #else
            var bag = Set<AnyCancellable>()
        #endif
        }
        """)
        XCTAssertEqual(tree.variables.map(\.name), ["debugBag", "iosBag", "bag"])
        XCTAssertTrue(tree.variables.allSatisfy { $0.enclosingType == 0 })
    }

    func testKeywordArgumentLabelsDoNotEndTheSignature() {
        let tree = parse("""
        final class Cell {
            func configure(_ episode: Episode, for list: List, at index: Int) {
                let x = 1
            }
            func move(from a: Int, in range: Range<Int>, while check: Bool, repeat count: Int) { }
            func show() {
                configure(episode, for: list, at: 1)
                for item in items { print(item) }
            }
        }
        """)
        XCTAssertEqual(tree.functions.map { "\($0.selectorName) \($0.bodyOpen != nil)" },
                       ["configure(_:for:at:) true", "move(from:in:while:repeat:) true", "show() true"])
        XCTAssertEqual(tree.variables.map { "\($0.name) \($0.isLocal)" }, ["x true"])
        XCTAssertEqual(tree.scopes.compactMap { scope -> String? in
            if case .controlFlow(let word) = scope.kind { return "\(word)" } else { return nil }
        }, ["for"])
    }
}
