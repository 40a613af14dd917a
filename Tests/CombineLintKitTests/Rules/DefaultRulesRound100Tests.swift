import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 100 and after (see the rule documents).
final class DefaultRulesRound100Tests: XCTestCase {
    /// A pipeline from a parameter (`bind(_ frames:)`) delivers where what the callers pass does,
    /// not where a subject that happens to share the parameter's name (`Socket.frames`) is sent:
    /// a caller passing `socket.frames…receiveOnMain()` hands over values on main; one passing the
    /// subject as it is hands over the socket queue's.
    func testAParameterIsWhatItsCallersPassNotASubjectOfItsName() {
        let text = """
        extension Publisher {
            func receiveOnMain() -> AnyPublisher<Output, Failure> {
                receive(on: DispatchQueue.main).eraseToAnyPublisher()
            }
        }
        final class Socket {
            let frames = PassthroughSubject<Int, Never>()
            private let queue = DispatchQueue(label: "socket")
            func start() { queue.async { self.frames.send(1) } }
        }
        final class FrameCell: UITableViewCell {
            var token: AnyCancellable?
            func bind(_ frames: AnyPublisher<Int, Never>) {
                token = frames.map { $0 * 2 }.sink { [weak self] v in self?.accessoryType = v > 0 ? .none : .checkmark }
            }
        }
        final class RawCell: UITableViewCell {
            var token: AnyCancellable?
            func show(_ frames: AnyPublisher<Int, Never>) {
                token = frames.sink { [weak self] v in self?.accessoryType = v > 0 ? .none : .checkmark }
            }
        }
        final class ListController: UITableViewController {
            let socket = Socket()
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! FrameCell
                cell.bind(socket.frames.filter { $0 > 0 }.receiveOnMain())
                RawCell().show(socket.frames.eraseToAnyPublisher())
                return cell
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Cells.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["20:24"])
        XCTAssertEqual(found.first?.message.contains("what the callers pass as `frames`"), true)
    }
}
