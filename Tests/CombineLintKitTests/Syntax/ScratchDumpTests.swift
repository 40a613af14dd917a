import XCTest
import Foundation
@testable import CombineLintKit

final class ScratchDumpTests: XCTestCase {
    func testScratch() throws {
        guard let path = ProcessInfo.processInfo.environment["DUMP_FILE"] else { return }
        let file = SourceFile(path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        print(SyntaxDump.render(SyntaxTree(file: file)))
    }
}
