import Foundation
import XCTest

/// The README's analyzer command, end to end: the built `combinelint` run on `samples/` from the
/// package root (so the root `.combinelint.json` enables the opt-in rules) must report exactly
/// these findings, and exit 1 because some are errors.
final class SamplesEndToEndTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testSamplesGiveExactlyTheExpectedFindings() throws {
        let process = Process()
        process.executableURL = CLITests.executable
        process.arguments = ["samples", "--reporter", "json", "--quiet"]
        process.currentDirectoryURL = Self.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)

        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        let actual = findings.map { "\($0["file"]!):\($0["line"]!):\($0["column"]!) \($0["rule"]!)" }
        XCTAssertEqual(actual, Self.expected)
        let summary = try XCTUnwrap(report["summary"] as? [String: Int])
        XCTAssertEqual(summary["files"], 29)
        XCTAssertEqual(summary["errors"], 7)
        XCTAssertEqual(summary["warnings"], 87)

        // Every rule shows itself at least twice in the samples.
        let perRule = Dictionary(grouping: actual, by: { $0.split(separator: " ").last.map(String.init) ?? "" })
        for (rule, hits) in perRule { XCTAssertGreaterThanOrEqual(hits.count, 2, rule) }
        XCTAssertEqual(perRule.count, 29)
    }

    static let expected = [
        "samples/App/Account/AccountViewModel.swift:12:20 nested_observable_object",
        "samples/App/Account/AccountViewModel.swift:13:20 nested_observable_object",
        "samples/App/Account/AccountViewModel.swift:28:35 published_willset_read",
        "samples/App/Account/AccountViewModel.swift:39:40 published_willset_read",
        "samples/App/Account/AccountViewModel.swift:40:14 main_actor_background_delivery",
        "samples/App/Account/AccountViewModel.swift:59:18 published_background_mutation",
        "samples/App/Account/AccountViewModel.swift:69:19 published_background_mutation",
        "samples/App/Chat/ChatViewController.swift:55:14 repeated_subscription",
        "samples/App/Chat/ChatViewController.swift:74:14 repeated_subscription",
        "samples/App/Chat/ChatViewModel.swift:30:22 nested_sink",
        "samples/App/Chat/ChatViewModel.swift:52:22 nested_sink",
        "samples/App/Chat/ChatViewModel.swift:68:17 future_task_promise",
        "samples/App/Chat/ChatViewModel.swift:83:13 future_task_promise",
        "samples/App/Checkout/CartViewController.swift:30:14 published_assign_cycle",
        "samples/App/Checkout/CartViewController.swift:36:65 published_assign_cycle",
        "samples/App/Checkout/CheckoutFormModel.swift:32:20 combinelatest_without_initial_value",
        "samples/App/Checkout/CheckoutFormModel.swift:47:14 combinelatest_without_initial_value",
        "samples/App/Checkout/CityLookupModel.swift:23:14 flatmap_without_switch",
        "samples/App/Checkout/PaymentSheetPublisher.swift:23:10 custom_subscription_ignores_demand",
        "samples/App/Checkout/PaymentSheetPublisher.swift:35:10 custom_subscription_ignores_demand",
        "samples/App/Checkout/ReceiptLoader.swift:18:9 cold_publisher_subscribed_twice",
        "samples/App/Checkout/ReceiptLoader.swift:29:20 cold_publisher_subscribed_twice",
        "samples/App/Feed/FeedCell.swift:44:14 store_in_appearance",
        "samples/App/Feed/FeedCell.swift:49:14 store_in_appearance",
        "samples/App/Feed/FeedListViewController.swift:40:14 store_in_appearance",
        "samples/App/Feed/FeedListViewController.swift:57:14 store_in_appearance",
        "samples/App/Feed/FeedListViewController.swift:77:14 store_in_appearance",
        "samples/App/Feed/FeedListViewController.swift:82:14 store_in_appearance",
        "samples/App/Feed/FeedPrefetcher.swift:33:17 unstored_task_in_sink",
        "samples/App/Feed/FeedPrefetcher.swift:42:17 unstored_task_in_sink",
        "samples/App/Feed/FeedViewController.swift:48:14 assign_to_self",
        "samples/App/Feed/FeedViewController.swift:54:14 discarded_cancellable",
        "samples/App/Feed/FeedViewController.swift:70:14 discarded_cancellable",
        "samples/App/Feed/FeedViewModel.swift:8:20 subject_fake_initial_value",
        "samples/App/Feed/FeedViewModel.swift:30:14 assign_to_self",
        "samples/App/Feed/FeedViewModel.swift:60:14 discarded_cancellable",
        "samples/App/Feed/FeedViewModel.swift:73:14 assign_to_self",
        "samples/App/Notifications/ToastCenter.swift:9:9 exposed_subject",
        "samples/App/Notifications/ToastCenter.swift:9:9 subject_fake_initial_value",
        "samples/App/Notifications/ToastCenter.swift:12:22 subject_fake_initial_value",
        "samples/App/Notifications/ToastCenter.swift:15:9 exposed_subject",
        "samples/App/Notifications/ToastCenter.swift:18:9 exposed_subject",
        "samples/App/Notifications/ToastCenter.swift:21:9 exposed_subject",
        "samples/App/Profile/ProfileViewController.swift:37:33 strong_self_capture",
        "samples/App/Profile/ProfileViewController.swift:44:14 flatmap_without_switch",
        "samples/App/Profile/ProfileViewController.swift:46:50 strong_self_capture",
        "samples/App/Profile/ProfileViewModel.swift:12:33 subject_fake_initial_value",
        "samples/App/Profile/ProfileViewModel.swift:30:20 strong_self_capture",
        "samples/App/Profile/ProfileViewModel.swift:55:17 strong_self_capture",
        "samples/App/Profile/StorageQuotaViewController.swift:37:14 main_actor_background_delivery",
        "samples/App/Profile/StorageQuotaViewController.swift:45:14 main_actor_background_delivery",
        "samples/App/Search/FilterParsingModel.swift:24:14 throwing_operator_on_endless_source",
        "samples/App/Search/FilterParsingModel.swift:47:14 throwing_operator_on_endless_source",
        "samples/App/Search/SearchViewModel.swift:13:9 exposed_subject",
        "samples/App/Search/SearchViewModel.swift:31:59 runloop_main_scheduler",
        "samples/App/Search/SearchViewModel.swift:55:59 runloop_main_scheduler",
        "samples/App/Search/SearchViewModel.swift:56:14 flatmap_without_switch",
        "samples/App/Search/SearchViewModel.swift:57:14 error_handling_outside_flatmap",
        "samples/App/Search/SearchViewModel.swift:59:14 print_operator",
        "samples/App/Search/SearchViewModel.swift:69:14 flatmap_without_switch",
        "samples/App/Search/SearchViewModel.swift:85:14 error_handling_outside_flatmap",
        "samples/App/Search/SearchViewModel.swift:89:26 runloop_main_scheduler",
        "samples/App/Search/SearchViewModel.swift:90:14 multiple_receive_on",
        "samples/App/Services/ClockService.swift:17:29 timer_not_connected",
        "samples/App/Services/ClockService.swift:27:14 assign_to_self",
        "samples/App/Services/ClockService.swift:35:59 runloop_main_scheduler",
        "samples/App/Services/ClockService.swift:37:14 flatmap_without_switch",
        "samples/App/Services/ClockService.swift:48:48 timer_default_run_loop_mode",
        "samples/App/Services/ClockService.swift:51:26 runloop_main_scheduler",
        "samples/App/Services/ClockService.swift:58:9 timer_not_connected",
        "samples/App/Services/ClockService.swift:96:58 timer_default_run_loop_mode",
        "samples/App/Services/ConnectivityMonitor.swift:21:9 endless_values_task",
        "samples/App/Services/ConnectivityMonitor.swift:31:33 endless_values_task",
        "samples/App/Services/SessionStore.swift:19:22 exposed_subject",
        "samples/App/Services/SessionStore.swift:22:9 exposed_subject",
        "samples/App/Services/SessionStore.swift:45:16 send_after_completion",
        "samples/App/Services/SessionStore.swift:51:25 send_after_completion",
        "samples/App/Services/UploadService.swift:13:30 future_without_deferred",
        "samples/App/Services/UploadService.swift:41:9 future_without_deferred",
        "samples/App/Services/UploadService.swift:51:9 future_without_deferred",
        "samples/App/Services/UploadService.swift:73:14 print_operator",
        "samples/App/Services/UploadService.swift:75:14 multiple_receive_on",
        "samples/App/Settings/SettingsView.swift:8:20 subject_fake_initial_value",
        "samples/App/Settings/SettingsView.swift:10:20 subject_fake_initial_value",
        "samples/App/Settings/SettingsView.swift:62:18 store_in_appearance",
        "samples/App/Settings/SettingsView.swift:67:18 store_in_appearance",
        "samples/InstrumentDemo/SettingsScreen.swift:10:9 exposed_subject",
        "samples/InstrumentDemo/SettingsScreen.swift:35:21 strong_self_capture",
        "samples/InstrumentDemo/SettingsScreen.swift:36:14 repeated_subscription",
        "samples/InstrumentDemo/SettingsScreen.swift:44:14 repeated_subscription",
        "samples/TraceDemo/FeedScreen.swift:10:9 exposed_subject",
        "samples/TraceDemo/FeedScreen.swift:28:53 discarded_cancellable",
        "samples/TraceDemo/FeedScreen.swift:36:30 strong_self_capture",
        "samples/TraceDemo/FeedScreen.swift:37:14 store_in_appearance",
    ]
}
