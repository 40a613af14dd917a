/// Schedulers and the operators that take them.
extension Catalogue {
    /// Schedulers that all run on the main thread, as written without spaces (`DispatchQueue.main`,
    /// `RunLoop.main`, CombineSchedulers' `UIScheduler.shared`, RxSwift's `MainScheduler.instance`).
    public static let mainSchedulers: Set<String> = [
        "DispatchQueue.main", ".main", "RunLoop.main", "OperationQueue.main", "DispatchQueue.main.self", "UIScheduler.shared", "MainScheduler.instance",
    ]

    /// Operators that deliver (or time) values on a scheduler passed as an argument, with that argument's
    /// label. `collect(.byTime(scheduler, …))` passes its scheduler inside the strategy, and
    /// `subscribe(on:)` only schedules the subscription, so neither is listed.
    public static let schedulerArgumentLabels: [String: String] = [
        "receive": "on", "debounce": "scheduler", "throttle": "scheduler", "delay": "scheduler", "timeout": "scheduler",
    ]

    /// `collect` strategies that take a scheduler first and deliver each batch on it
    /// (`collect(.byTime(queue, .seconds(5)))`, `collect(.byTimeOrCount(queue, .seconds(5), 10))`).
    public static let timedCollectStrategies: Set<String> = ["byTime", "byTimeOrCount"]

    /// Members that build a stride every scheduler's stride type accepts (`.seconds(1)`).
    public static let strideUnits: Set<String> = ["seconds", "milliseconds", "microseconds", "nanoseconds"]

    /// `DispatchQueue` methods that run a closure later on the queue (`DispatchQueue.global().async { … }`).
    public static let dispatchAsyncCalls: Set<String> = ["async", "asyncAfter"]
    /// `OperationQueue` calls that run the closure they are given on the queue's own threads
    /// (`uploads.addOperation { … }`), off the main thread unless the queue is `OperationQueue.main`.
    public static let operationQueueBlockCalls: Set<String> = ["addOperation", "addBarrierBlock"]

    /// Calls whose closure is work for later, after a delay: `asyncAfter(deadline:)`, a
    /// `DispatchWorkItem` (made to be scheduled, `asyncAfter(deadline:execute:)`), a timer's block.
    public static let delayedWorkCalls: Set<String> = ["asyncAfter", "DispatchWorkItem", "scheduledTimer"]

    /// `URLSession` methods that take a completion handler, which the session calls on its
    /// delegate queue (a background queue unless the session was made with `delegateQueue: .main`).
    public static let urlSessionCompletionTaskMethods: Set<String> = ["dataTask", "uploadTask", "downloadTask"]

    /// The name every `URLSessionDelegate`, `…TaskDelegate`, `…DataDelegate`, `…DownloadDelegate`
    /// and `…WebSocketDelegate` callback shares (`urlSession(_:downloadTask:didWriteData:…)`): the
    /// session calls them on its delegate queue.
    public static let urlSessionDelegateCallbacks: Set<String> = ["urlSession"]

    /// The names CoreBluetooth's delegate callbacks share (`centralManager(_:didDiscover:…)`,
    /// `centralManagerDidUpdateState(_:)`, `peripheral(_:didUpdateValueFor:error:)`): a
    /// `CBCentralManager` or `CBPeripheralManager` calls them, and its peripherals' callbacks, on
    /// the queue it was made with (`queue: nil` is the main one).
    public static let coreBluetoothDelegateCallbacks: Set<String> = [
        "centralManager", "centralManagerDidUpdateState", "peripheral", "peripheralManager",
        "peripheralManagerDidUpdateState", "peripheralDidUpdateName", "peripheralIsReady",
    ]

    /// AVFoundation capture outputs' delegate setters that name the queue of the callbacks
    /// (`videoOutput.setSampleBufferDelegate(self, queue: sessionQueue)`), and the callbacks they set:
    /// each frame or scanned code is handed over on that queue.
    public static let captureDelegateSetters: Set<String> = ["setSampleBufferDelegate", "setMetadataObjectsDelegate"]
    public static let captureDelegateCallbacks: Set<String> = ["captureOutput", "metadataOutput"]

    /// The photo output's delegate callbacks (`AVCapturePhotoCaptureDelegate`), by name and the type of
    /// their first parameter: AVFoundation calls them on a queue of its own, never the main one
    /// (Apple's AVCam sample hops to main inside them).
    public static let photoCaptureCallbacks: Set<String> = ["photoOutput"]
    public static let photoOutputType = "AVCapturePhotoOutput"

    /// The CoreBluetooth managers made with `delegate:` and `queue:`.
    public static let coreBluetoothManagers: Set<String> = ["CBCentralManager", "CBPeripheralManager"]

    /// Foundation handler properties called on a background thread of their own: `FileHandle`'s
    /// `readabilityHandler` and `writeabilityHandler`, `Process`'s `terminationHandler`.
    public static let backgroundHandlerProperties: Set<String> = ["readabilityHandler", "writeabilityHandler", "terminationHandler"]

    /// Framework methods whose completion handler the framework calls on a background queue of its
    /// own (as documented), by the type that declares them: `UNUserNotificationCenter.current()
    /// .getNotificationSettings { … }`, `asset.loadValuesAsynchronously(forKeys:) { … }`,
    /// `AVCaptureDevice.requestAccess(for:) { … }`.
    public static let backgroundCompletionMethods: [String: Set<String>] = [
        "UNUserNotificationCenter": ["getNotificationSettings", "requestAuthorization", "getPendingNotificationRequests",
                                     "getDeliveredNotifications", "getNotificationCategories"],
        "AVAsset": ["loadValuesAsynchronously"],
        "AVURLAsset": ["loadValuesAsynchronously"],
        "AVCaptureDevice": ["requestAccess"],
        "AVAudioSession": ["requestRecordPermission"],
        "PHPhotoLibrary": ["requestAuthorization"],
        "CNContactStore": ["requestAccess"],
        "SFSpeechRecognizer": ["requestAuthorization"],
        "HKHealthStore": ["requestAuthorization"],
        "LAContext": ["evaluatePolicy"],
    ]

    /// Framework methods, by name with an argument label that only they take, whose block the
    /// framework calls off the main thread whatever the receiver's declared type: AVFAudio's
    /// `installTap(onBus:bufferSize:format:block:)` (its `AVAudioNodeTapBlock` may be invoked on a
    /// thread other than the main one), on `engine.inputNode` or a node the code holds.
    public static let backgroundBlockMethodsByLabel: [String: String] = [
        "installTap": "onBus",
    ]

    /// The method names of `backgroundCompletionMethods`, for a first look at each call.
    public static let backgroundCompletionMethodNames: Set<String> = Set(backgroundCompletionMethods.values.joined())

    /// Key paths whose KVO notifications (and so `publisher(for:)` values) come on the thread that
    /// changes them, a background one: an `OperationQueue`'s count and operations change as its
    /// operations finish on its worker threads, and an `Operation`'s state as it runs there.
    public static let backgroundKeyValuePaths: [String: Set<String>] = [
        "OperationQueue": ["operationCount", "operations"],
        "Operation": ["isFinished", "isExecuting"],
        "BlockOperation": ["isFinished", "isExecuting"],
    ]

    /// Network.framework calls whose completion handler the connection calls on the queue its
    /// `start(queue:)` was given.
    public static let networkQueueCompletionCalls: Set<String> = ["receive", "receiveMessage", "send"]

    /// FSEvents (macOS file-system events): the C callback type of a stream, the function that makes
    /// a stream with its callback, and the one that gives the stream the dispatch queue the callback
    /// then runs on.
    public static let fileSystemEventCallbackType = "FSEventStreamCallback"
    public static let fileSystemEventStreamCreate = "FSEventStreamCreate"
    public static let fileSystemEventQueueSetter = "FSEventStreamSetDispatchQueue"

    /// The calls that set a dispatch source's handlers, which GCD runs on the source's queue.
    public static let dispatchSourceHandlerSetters: Set<String> = ["setEventHandler", "setCancelHandler", "setRegistrationHandler"]

    /// Network.framework handler properties (`NWPathMonitor`, `NWConnection`, `NWListener`,
    /// `NWBrowser`), which the object calls on the queue its `start(queue:)` was given.
    public static let networkQueueHandlers: Set<String> = [
        "pathUpdateHandler", "stateUpdateHandler", "newConnectionHandler", "browseResultsChangedHandler",
        "viabilityUpdateHandler", "betterPathUpdateHandler",
    ]
}
