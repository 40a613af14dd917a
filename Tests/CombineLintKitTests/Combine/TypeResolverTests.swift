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
}
