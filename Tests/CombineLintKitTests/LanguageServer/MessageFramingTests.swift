@testable import CombineLintKit
import XCTest

/// The base protocol's framing: whole messages from any split of the stream, and bad headers
/// that cost one message, not the session.
final class MessageFramingTests: XCTestCase {
    /// A reader over `chunks`, handed out one per read.
    func reader(_ chunks: [String]) -> MessageReader {
        var pending = chunks.map { Array($0.utf8) }[...]
        return MessageReader { pointer, count in
            guard var chunk = pending.popFirst() else { return 0 }
            if chunk.count > count {
                pending.insert(Array(chunk[count...]), at: pending.startIndex)
                chunk = Array(chunk[..<count])
            }
            chunk.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress!, byteCount: chunk.count) }
            return chunk.count
        }
    }

    func testMessagesSplitAnywhere() {
        let stream = "Content-Length: 2\r\n\r\n{}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 7\r\n\r\n[1,2,3]"
        for split in 0...stream.utf8.count {
            let bytes = Array(stream.utf8)
            let parts = [String(decoding: bytes[..<split], as: UTF8.self), String(decoding: bytes[split...], as: UTF8.self)]
            let r = reader(parts.filter { !$0.isEmpty })  // an empty read is the end
            XCTAssertEqual(r.next(), .body(Array("{}".utf8)), "split at \(split)")
            XCTAssertEqual(r.next(), .body(Array("[1,2,3]".utf8)), "split at \(split)")
            XCTAssertEqual(r.next(), .end)
        }
    }

    func testBadHeadersAreReportedAndReadingGoesOn() {
        let r = reader(["Content-Length: x\r\n\r\nContent-Length: 2\r\n\r\n{}", "No-Length: 1\r\n\r\n", "Content-Length: 9\r\n\r\n{"])
        XCTAssertEqual(r.next(), .badHeader("a bad Content-Length 'x'"))
        XCTAssertEqual(r.next(), .body(Array("{}".utf8)))
        XCTAssertEqual(r.next(), .badHeader("a header block without Content-Length"))
        XCTAssertEqual(r.next(), .badHeader("the input ended inside a message body"))
        XCTAssertEqual(r.next(), .end)
    }

    func testWriterFramesByBytes() {
        var written: [UInt8] = []
        MessageWriter { written += $0 }.send(["text": "中"])
        XCTAssertEqual(String(decoding: written, as: UTF8.self), "Content-Length: 14\r\n\r\n{\"text\":\"中\"}")
    }

    func testDecodingMessages() {
        XCTAssertEqual(RPCMessage.decode(Array(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#.utf8)),
                       .success(.request(id: 3, method: "shutdown", params: .null)))
        XCTAssertEqual(RPCMessage.decode(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8)), .success(.notification(method: "exit", params: .null)))
        XCTAssertEqual(RPCMessage.decode(Array(#"{"jsonrpc":"2.0","id":"c-1","result":null}"#.utf8)), .success(.response(id: "c-1")))
        XCTAssertEqual(RPCMessage.decode(Array("[]".utf8)), .failure(RPCError(code: -32600, message: "a message must be a JSON object")))
        XCTAssertEqual(RPCMessage.decode(Array(#"{"id":{},"method":"x"}"#.utf8)),
                       .failure(RPCError(code: -32600, message: "a request id must be a number or a string")))
        XCTAssertEqual(RPCMessage.decode(Array(#"{"id":1,"method":"x","params":3}"#.utf8)),
                       .failure(RPCError(code: -32600, message: "params must be an object or an array", id: 1)))
    }
}
