import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 113 (see the rule documents).
final class CoreRulesRound113Tests: XCTestCase {
    /// A cell's configure that loads a thumbnail (a cached `Just` or a `Deferred { Future }`) into a bag
    /// that `prepareForReuse` does not empty: the answer for the previous row could land in the reused
    /// cell, unless the subscriber first checks that the cell still shows that row (`guard
    /// self.representedID == attachment.id else { return }`). A guard on something else, or an endless
    /// source, is still reported.
    func testACellLoadGuardedByTheRowsIdentityLandsOnlyInItsRow() {
        func text(guardLine: String, source: String = "photoStore.thumbnail(for: attachment)") -> String {
            """
            final class PhotoStore {
                private let cache = NSCache<NSUUID, UIImage>()
                func thumbnail(for attachment: Attachment) -> AnyPublisher<UIImage?, Never> {
                    if let cached = cache.object(forKey: attachment.id as NSUUID) { return Just(cached).eraseToAnyPublisher() }
                    return Deferred { Future { promise in promise(.success(UIImage(contentsOfFile: attachment.path))) } }
                        .eraseToAnyPublisher()
                }
                @Published var uploads: [UUID: Double] = [:]
            }
            final class PhotoCell: UICollectionViewCell {
                private var representedID: UUID?
                private let imageView = UIImageView()
                private var cancellables = Set<AnyCancellable>()
                func configure(with attachment: Attachment, photoStore: PhotoStore) {
                    representedID = attachment.id
                    \(source)
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] image in
                            \(guardLine)
                            self?.imageView.image = image as? UIImage
                        }
                        .store(in: &cancellables)
                }
            }
            final class PhotosDataSource: NSObject, UICollectionViewDataSource {
                let store = PhotoStore()
                var items: [Attachment] = []
                func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath) as! PhotoCell
                    cell.configure(with: items[indexPath.item], photoStore: store)
                    return cell
                }
            }
            """
        }
        let guarded = "guard let self, self.representedID == attachment.id else { return }"
        XCTAssertTrue(findings(of: StoreInAppearanceRule.self, in: [(path: "Photos.swift", text: text(guardLine: guarded))]).isEmpty)
        XCTAssertTrue(findings(of: StoreInAppearanceRule.self, in: [(path: "Photos.swift", text: text(guardLine: "guard attachment.id == self?.representedID else { return }"))]).isEmpty)
        for unguarded in ["guard let self else { return }", "guard self?.window != nil else { return }", "guard image != nil else { return }"] {
            XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "Photos.swift", text: text(guardLine: unguarded))]).map { "\($0.line):\($0.column)" },
                           ["22:14"], unguarded)
        }
        let endless = text(guardLine: guarded, source: "photoStore.$uploads.map { $0[attachment.id] }")
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "Photos.swift", text: endless)]).count, 1)
    }

    /// `Publishers.MergeMany(attachments.map { store.data(for: $0)… }).collect()` of requests that each
    /// answer once finishes, so a `viewWillAppear` that stores it piles nothing up; mapped to an
    /// endless publisher, the merge never finishes, `collect()` never emits, and each visit adds one.
    func testAMergeOfMappedRequestsWrittenInlineFinishes() {
        func text(load: String) -> String {
            """
            final class PhotoStore {
                @Published var progress: [UUID: Double] = [:]
                func data(for attachment: Attachment) -> AnyPublisher<Data, Error> {
                    Deferred { Future { promise in promise(Result { try Data(contentsOf: attachment.url) }) } }
                        .eraseToAnyPublisher()
                }
            }
            final class AttachmentsViewController: UIViewController {
                private let store = PhotoStore()
                private var attachments: [Attachment] = []
                private var cancellables = Set<AnyCancellable>()
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    Publishers.MergeMany(attachments.map { attachment in
                        \(load)
                    })
                    .collect()
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] in self?.show($0) }
                    .store(in: &cancellables)
                }
            }
            """
        }
        let requests = text(load: "store.data(for: attachment).map { _ in 1 }.replaceError(with: 0)")
        XCTAssertTrue(findings(of: StoreInAppearanceRule.self, in: [(path: "Attachments.swift", text: requests)]).isEmpty)
        let endless = text(load: "store.$progress.map { _ in 1 }")
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "Attachments.swift", text: endless)]).map { "\($0.line):\($0.column)" }, ["20:10"])
    }

    /// A service made once at launch by the application delegate's `AppEnvironment.live()`, and again
    /// in `AppEnvironment.preview()`, a factory that only `#Preview` bodies call: the preview's objects
    /// are the canvas's, so the app's one keeps its cycle for the run and it is not reported. A local
    /// named `preview` elsewhere is no call of the factory; a call of `preview()` from the app makes
    /// the service per screen, and it is reported.
    func testAFactoryOnlyPreviewsCallIsPreviewCode() {
        func text(screen: String) -> String {
            """
            final class SyncQueue {
                @Published var pending: [Job] = []
                @Published var pendingCount = 0
                private var cancellables = Set<AnyCancellable>()
                init(api: API) {
                    $pending.map(\\.count).assign(to: \\.pendingCount, on: self).store(in: &cancellables)
                }
            }
            final class AppEnvironment {
                let syncQueue: SyncQueue
                init(syncQueue: SyncQueue) { self.syncQueue = syncQueue }
                static func live(api: API = API()) -> AppEnvironment {
                    AppEnvironment(syncQueue: SyncQueue(api: api))
                }
                #if DEBUG
                static func preview() -> AppEnvironment { live(api: API(stubbed: true)) }
                #endif
            }
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                private(set) var environment: AppEnvironment!
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    environment = AppEnvironment.live()
                    return true
                }
            }
            final class PhotoViewController: UIViewController {
                func showPhoto(_ image: UIImage) {
                    let preview = UIViewController()
                    preview.title = "Photo"
                    \(screen)
                    present(preview, animated: true)
                }
            }
            struct SyncPanel: View {
                let queue: SyncQueue
                var body: some View { Text("\\(queue.pendingCount)") }
            }
            #Preview {
                SyncPanel(queue: AppEnvironment.preview().syncQueue)
            }
            """
        }
        XCTAssertTrue(findings(of: AssignToSelfRule.self, in: [(path: "App.swift", text: text(screen: ""))]).isEmpty)
        let perScreen = text(screen: "let panel = SyncPanel(queue: AppEnvironment.preview().syncQueue)")
        XCTAssertEqual(findings(of: AssignToSelfRule.self, in: [(path: "App.swift", text: perScreen)]).map { "\($0.line):\($0.column)" }, ["6:31"])
    }
}
