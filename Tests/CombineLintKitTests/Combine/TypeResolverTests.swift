import XCTest
@testable import CombineLintKit

/// The written type of a property, from its annotation or initializer.
final class TypeResolverTests: XCTestCase {
    func testInitializersNameTheTypeTheyMake() {
        XCTAssertEqual(TypeResolver.typeName(annotation: "", initializer: "FeedModel()"), "FeedModel")
        XCTAssertEqual(TypeResolver.typeName(annotation: "", initializer: "FeedModel<Int>()"), "FeedModel")
        // A singleton or factory of the type is still that type.
        XCTAssertEqual(TypeResolver.typeName(annotation: "", initializer: "Store.shared"), "Store")
        XCTAssertEqual(TypeResolver.typeName(annotation: "", initializer: "Store.make(for: id)"), "Store")
        // A type nested in a namespace is the nested type, not the namespace.
        XCTAssertEqual(TypeResolver.typeName(annotation: "", initializer: "WatchModels.Dashboard()"), "Dashboard")
        XCTAssertEqual(TypeResolver.typeName(annotation: "", initializer: "Legacy.Theme.standard"), "Theme")
        XCTAssertNil(TypeResolver.typeName(annotation: "", initializer: "makeStore()"))
        XCTAssertEqual(TypeResolver.typeName(annotation: "Feed.Model?", initializer: "Feed.Model()"), "Model")
    }

    /// A name bound by the condition of an `if` or `while` around the use: the type of the stored
    /// property it unwraps (`if let viewModel = holder.viewModel`), or the type it casts to.
    func testConditionBindingsHaveTheTypeTheyUnwrap() {
        let index = ProjectIndex(files: [SourceFile(path: "A.swift", text: """
        final class Holder { var viewModel: FeedModel? }
        final class FeedModel {}
        struct FeedView: View {
            let holder = Holder()
            let value: Any
            var body: some View {
                if let viewModel = holder.viewModel { use(viewModel) }
                if let cast = value as? FeedModel { use(cast) }
                if let other = makeModel() { use(other) }
            }
        }
        """)], jobs: 1)
        let tree = index.trees[0]
        func typeOfArgument(_ name: String) -> String? {
            guard let k = tree.tokens.indices.last(where: { tree.tokens[$0].kind == .identifier && tree.name($0) == name }) else { return nil }
            return TypeResolver.typeOfName(name, at: k, in: tree, index: index)
        }
        XCTAssertEqual(typeOfArgument("viewModel"), "FeedModel")
        XCTAssertEqual(typeOfArgument("cast"), "FeedModel")
        XCTAssertNil(typeOfArgument("other"))
    }
}
