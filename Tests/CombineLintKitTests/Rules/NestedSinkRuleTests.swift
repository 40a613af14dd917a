import XCTest
@testable import CombineLintKit

final class NestedSinkRuleTests: XCTestCase {
}
