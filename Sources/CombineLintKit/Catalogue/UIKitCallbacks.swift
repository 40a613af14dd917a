/// UIKit and AppKit: callbacks by how often they run, and the views that are reused.
extension Catalogue {
    /// Appearance callbacks (view controllers of UIKit and AppKit): each appearance runs them again;
    /// `disappearCallbacks` pair with them.
    /// (`viewIsAppearing`, iOS 17 and back-deployed, runs between them on every appearance.)
    public static let appearanceCallbacks: Set<String> = [
        "viewWillAppear", "viewIsAppearing", "viewDidAppear",
        // AppKit menus, popovers and windows: each opening of a status item's menu (`NSMenuDelegate`),
        // each showing of a popover, each time a window becomes key again; a window controller's
        // `showWindow(_:)`, which AppKit calls again each time its open window is brought forward.
        "menuWillOpen", "menuNeedsUpdate", "popoverWillShow", "popoverDidShow", "windowDidBecomeKey", "windowDidBecomeMain",
        "showWindow",
    ]

    /// Calls that move the user to another screen (UIKit's push, presentation, segue and show, AppKit's
    /// window and sheet presentation): done once per value, so a value replayed to a new subscriber moves
    /// the user again.
    public static let navigationCalls: Set<String> = [
        "pushViewController", "present", "performSegue", "show", "showDetailViewController", "setViewControllers",
        "presentAsSheet", "presentAsModalWindow", "beginSheet", "openWindow",
    ]

    /// Layout, constraint and size callbacks: they run on every layout pass (or size change), with no
    /// paired callback that ends what they started.
    public static let layoutCallbacks: Set<String> = Set([
        "viewWillLayoutSubviews", "viewDidLayoutSubviews", "layoutSubviews", "traitCollectionDidChange",
        "viewWillTransition", "updateConstraints", "updateViewConstraints",
        // AppKit's view controller layout passes and layer updates.
        "viewWillLayout", "viewDidLayout", "updateLayer",
        // Safe area and margin changes: every rotation, keyboard, bar or split change.
        "viewSafeAreaInsetsDidChange", "safeAreaInsetsDidChange", "viewLayoutMarginsDidChange", "layoutMarginsDidChange",
        // A window scene's geometry (`windowScene(_:didUpdate:interfaceOrientation:traitCollection:)`):
        // every resize, Split View or Stage Manager change and rotation.
        "windowScene",
    ]).union(representableUpdateCallbacks)

    /// View state callbacks that run on every change of that state: a window change (each push
    /// over the screen and pop back, each tab switch moves a view out of its window and in again),
    /// a cell's selection or highlight (each tap), a cell's or button's configuration update (each
    /// state change), a tint change.
    public static let stateChangeCallbacks: Set<String> = [
        "didMoveToWindow", "setSelected", "setHighlighted", "updateConfiguration", "tintColorDidChange",
    ]

    /// View state callbacks told by their full selector, since their base name is shared with
    /// callbacks that run once: a view's `willMove(toWindow:)` (and AppKit's `viewWillMove(toWindow:)`)
    /// runs on every window change, as `didMoveToWindow` does, while a view controller's
    /// `willMove(toParent:)` runs once per containment.
    public static let stateChangeSelectors: Set<String> = ["willMove(toWindow:)", "viewWillMove(toWindow:)"]

    /// AppKit's `NSView` callbacks that run again and again, taken only as overrides: `layout()` on
    /// every layout pass (a name too general to trust in any other type), `viewDidMoveToWindow()`
    /// each time the view enters or leaves a window (a tab switch, a sheet, a window reopened),
    /// `viewDidChangeEffectiveAppearance()` on each light/dark switch, `updateTrackingAreas()` on
    /// every resize or scroll, `viewWillStartLiveResize()` and `viewDidEndLiveResize()` on each
    /// resize the user drags.
    public static let appKitViewOverrideCallbacks: Set<String> = [
        "layout", "viewDidMoveToWindow", "viewDidChangeEffectiveAppearance", "updateTrackingAreas",
        "viewWillStartLiveResize", "viewDidEndLiveResize",
    ]

    /// State properties UIKit sets on every touch or selection (`override var isSelected { didSet { … } }`
    /// of a cell or control): the observer of an override runs like `setSelected`, many times while one
    /// row is displayed, so emptying a cell's bag on reuse does not keep up with it.
    public static let stateChangeProperties: Set<String> = ["isSelected", "isHighlighted"]

    /// `UIViewRepresentable.updateUIView(_:context:)` and its AppKit twin: SwiftUI calls them on
    /// every change of the state the representable reads, again and again for one view.
    public static let representableUpdateCallbacks: Set<String> = ["updateUIView", "updateNSView", "updateUIViewController", "updateNSViewController"]

    /// App and scene lifecycle callbacks that run each time the app comes back to (or leaves) the
    /// foreground: as often as the user switches apps. AppKit's activation callbacks, and its
    /// `applicationShouldHandleReopen(_:hasVisibleWindows:)`, run on every click of the Dock icon.
    public static let foregroundCallbacks: Set<String> = [
        "sceneWillEnterForeground", "sceneDidBecomeActive", "sceneWillResignActive", "sceneDidEnterBackground",
        "applicationWillEnterForeground", "applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground",
        "applicationWillBecomeActive", "applicationDidResignActive", "applicationShouldHandleReopen", "applicationDidUnhide",
    ]

    /// App, scene and appearance callbacks with the ones that always run before they run again: a
    /// scene leaves the foreground (resigning active first) before it enters it again, and resigns
    /// active before it becomes active again (not always entering the background: a pulled-down
    /// notification centre only deactivates it); a screen's `viewWillAppear` runs before each
    /// `viewDidAppear`. A bag emptied in one of the pair holds one run's subscriptions.
    public static let lifecycleResets: [String: Set<String>] = [
        "sceneWillEnterForeground": ["sceneDidEnterBackground", "sceneWillResignActive"],
        "sceneDidBecomeActive": ["sceneWillResignActive"],
        "applicationWillEnterForeground": ["applicationDidEnterBackground", "applicationWillResignActive"],
        "applicationDidBecomeActive": ["applicationWillResignActive", "applicationDidResignActive"],
        "applicationWillBecomeActive": ["applicationWillResignActive", "applicationDidResignActive"],
        // Each appearance runs `viewWillAppear` (then `viewIsAppearing`) before `viewDidAppear`.
        "viewDidAppear": ["viewWillAppear", "viewIsAppearing"],
        "viewIsAppearing": ["viewWillAppear"],
    ]

    /// Callbacks UIKit calls again and again during one object's life: appearance, layout and view state.
    public static let repeatedCallbacks = appearanceCallbacks.union(layoutCallbacks).union(stateChangeCallbacks)

    /// Disappearance callbacks, paired with `appearanceCallbacks`: a bag emptied there does not pile up.
    public static let disappearCallbacks: Set<String> = [
        "viewWillDisappear", "viewDidDisappear",
        "menuDidClose", "popoverWillClose", "popoverDidClose", "windowDidResignKey", "windowDidResignMain", "windowWillClose",
    ]

    /// A scene's departure callbacks: the system sends a scene to the background before it
    /// disconnects it (and releases its delegate), so what a scene delegate releases there cannot
    /// keep it alive; a cycle through it ends each time the user leaves the app.
    public static let sceneDepartureCallbacks: Set<String> = ["sceneDidEnterBackground", "sceneDidDisconnect"]

    /// Appearance callbacks that only their own opposite ends: a window becomes key (or main) again
    /// each time the user comes back to it and resigns it each time they leave, many times before it
    /// closes, so a bag emptied only in `windowWillClose` (or a view controller's disappearance)
    /// still piles up. Other appearance callbacks pair with every `disappearCallbacks` name.
    public static let appearanceOwnResets: [String: Set<String>] = [
        "windowDidBecomeKey": ["windowDidResignKey"],
        "windowDidBecomeMain": ["windowDidResignMain"],
        // `showWindow(_:)` runs again on a window that is still open (each menu command or click
        // that brings it forward): nothing runs between two calls.
        "showWindow": [],
    ]

    /// The data source and delegate methods whose `didEndDisplaying` form tells that a cell left the
    /// screen (`tableView(_:didEndDisplaying:forRowAt:)`, `collectionView(_:didEndDisplaying:forItemAt:)`):
    /// a cell is reused only after it ended display.
    public static let endDisplayingCallbackNames: Set<String> = ["tableView", "collectionView"]

    /// A row's or item's `willDisplay` callback and the `didEndDisplaying` one that ends it: a bag
    /// emptied there does not pile up.
    public static let endOfDisplay: [String: String] = [
        "tableView(_:willDisplay:forRowAt:)": "tableView(_:didEndDisplaying:forRowAt:)",
        "collectionView(_:willDisplay:forItemAt:)": "collectionView(_:didEndDisplaying:forItemAt:)",
    ]

    /// Callbacks that end what a repeated callback started: disappearance, and a cell's `prepareForReuse`.
    public static let pairedResets = disappearCallbacks.union(["prepareForReuse"])

    /// View controller properties that are true only on the appearance that follows a push or a
    /// presentation (`isMovingToParentViewController` is `isMovingToParent` before Swift 4.2):
    /// a subscription guarded by one is made once.
    public static let firstAppearanceFlags: Set<String> = ["isMovingToParent", "isBeingPresented", "isMovingToParentViewController"]

    /// Callbacks that run once per object: a subscription made there does not pile up.
    public static let onceCallbacks: Set<String> = ["init", "awakeFromNib", "viewDidLoad", "loadView"]

    /// Data source and delegate methods called once per row, item or supplementary view shown.
    public static let perRowSelectors: Set<String> = [
        "tableView(_:cellForRowAt:)", "collectionView(_:cellForItemAt:)",
        "tableView(_:willDisplay:forRowAt:)", "collectionView(_:willDisplay:forItemAt:)",
        "tableView(_:viewForHeaderInSection:)", "tableView(_:viewForFooterInSection:)",
        "collectionView(_:viewForSupplementaryElementOfKind:at:)",
        // AppKit: view-based table and outline views, collection view items.
        "tableView(_:viewFor:row:)", "tableView(_:rowViewForRow:)", "outlineView(_:viewFor:item:)", "outlineView(_:rowViewForItem:)",
        "collectionView(_:itemForRepresentedObjectAt:)",
        // MapKit: an annotation's view, dequeued from the map's reuse queue for each annotation shown.
        "mapView(_:viewFor:)",
        // AppKit's toolbar (`NSToolbarDelegate`): an item made for each insertion, again on each
        // customization and for the customization palette.
        "toolbar(_:itemForItemIdentifier:willBeInsertedIntoToolbar:)",
    ]

    /// How a table or collection view hands out a reusable cell (`dequeueReusableCell(withIdentifier:for:)`,
    /// `dequeueConfiguredReusableCell(using:for:item:)`, a project's `dequeue(LessonCell.self, for:)`): the
    /// view keeps the cell it returns while it shows it or holds it for reuse.
    public static let cellDequeuePrefix = "dequeue"

    /// What a per-row method makes the view of, where that is not a row (messages name it).
    public static let perRowShownItems: [String: String] = [
        "mapView(_:viewFor:)": "annotation",
        "toolbar(_:itemForItemIdentifier:willBeInsertedIntoToolbar:)": "toolbar item",
        "collectionView(_:itemForRepresentedObjectAt:)": "item",
        "collectionView(_:cellForItemAt:)": "item",
        "collectionView(_:willDisplay:forItemAt:)": "item",
        "tableView(_:viewForHeaderInSection:)": "section header",
        "tableView(_:viewForFooterInSection:)": "section footer",
        "collectionView(_:viewForSupplementaryElementOfKind:at:)": "supplementary view",
    ]

    /// Parameter types of a per-row method that are not the row's view: its list and its position
    /// (`tableView: UITableView`, `indexPath: IndexPath`, AppKit's `row: Int`).
    public static let rowPositionTypes: Set<String> = [
        "IndexPath", "Int", "IndexSet", "UITableView", "UICollectionView", "NSTableView", "NSOutlineView", "NSCollectionView",
        "MKMapView", "MKAnnotation",
    ]

    /// Delegate methods called on each tap of a row or item: user actions, which repeat as an
    /// `@IBAction` does.
    public static let selectionSelectors: Set<String> = [
        "tableView(_:didSelectRowAt:)", "collectionView(_:didSelectItemAt:)",
        // AppKit: a table's or outline's selection change, a collection view's selected items.
        "tableViewSelectionDidChange(_:)", "outlineViewSelectionDidChange(_:)", "collectionView(_:didSelectItemsAt:)",
        "comboBoxSelectionDidChange(_:)",
        // Deselection, and the expansion of an outline's row: each click again.
        "tableView(_:didDeselectRowAt:)", "collectionView(_:didDeselectItemAt:)", "collectionView(_:didDeselectItemsAt:)",
        "outlineViewItemDidExpand(_:)", "outlineViewItemDidCollapse(_:)",
        // Tab views and tab bars (AppKit's `NSTabViewDelegate`, which `NSTabViewController` overrides
        // too, and UIKit's `UITabBarDelegate`): each switch of tab.
        "tabView(_:didSelect:)", "tabView(_:willSelect:)", "tabBar(_:didSelect:)",
        // Container navigation: each tap of a tab, and each page turn of a page view controller (the data
        // source is asked for the neighbour page on every swipe, the delegate told after every turn).
        "tabBarController(_:didSelect:)", "pageViewController(_:viewControllerAfter:)", "pageViewController(_:viewControllerBefore:)",
        "pageViewController(_:didFinishAnimating:previousViewControllers:transitionCompleted:)", "pageViewController(_:willTransitionTo:)",
        // A map's annotation selection (`MKMapViewDelegate`): each tap on a pin.
        "mapView(_:didSelect:)", "mapView(_:didDeselect:)",
        // Each pick in a document browser or picker, a photo or image picker: the delegate stays while
        // the user picks again and again.
        "documentBrowser(_:didPickDocumentsAt:)", "documentPicker(_:didPickDocumentsAt:)",
        "picker(_:didFinishPicking:)", "imagePickerController(_:didFinishPickingMediaWithInfo:)",
    ]

    /// Types whose handler closure runs each time the user triggers the action: a control's
    /// `UIAction`, a table row's swipe action (`UIContextualAction`), an alert's or action sheet's
    /// button (`UIAlertAction`), made again for each time the alert is shown.
    public static let actionHandlerTypes: Set<String> = ["UIAction", "UIContextualAction", "UIAlertAction"]

    /// Delegate methods called on each edit of a search or text field, or each scroll step: user
    /// input, which repeats as often as the user types.
    public static let userInputSelectors: Set<String> = [
        "searchBar(_:textDidChange:)", "updateSearchResults(for:)", "textFieldDidChangeSelection(_:)",
        "textViewDidChange(_:)", "textField(_:shouldChangeCharactersIn:replacementString:)", "scrollViewDidScroll(_:)",
        "searchBarSearchButtonClicked(_:)", "textFieldShouldReturn(_:)", "searchBar(_:selectedScopeButtonIndexDidChange:)",
        // Each focus of a field, and each time it loses focus.
        "textFieldDidBeginEditing(_:)", "textFieldDidEndEditing(_:)", "textViewDidBeginEditing(_:)", "textViewDidEndEditing(_:)",
        "searchBarTextDidBeginEditing(_:)", "searchBarTextDidEndEditing(_:)",
        // AppKit's text delegates (`NSControlTextEditingDelegate`, `NSTextDelegate`, `NSTextViewDelegate`).
        "controlTextDidChange(_:)", "textDidChange(_:)", "textViewDidChangeSelection(_:)",
        // The other steps of each scroll gesture (`UIScrollViewDelegate`): every drag and fling.
        "scrollViewWillBeginDragging(_:)", "scrollViewDidEndDragging(_:willDecelerate:)", "scrollViewWillBeginDecelerating(_:)",
        "scrollViewDidEndDecelerating(_:)", "scrollViewDidEndScrollingAnimation(_:)", "scrollViewDidZoom(_:)",
        "scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)",
        // Each pinch (`UIScrollViewDelegate`), and each tap on the status bar.
        "scrollViewWillBeginZooming(_:with:)", "scrollViewDidEndZooming(_:with:atScale:)", "scrollViewDidScrollToTop(_:)",
        // Each drag of a sheet to another detent (`UISheetPresentationControllerDelegate`).
        "sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)",
        // Each move of the focus (tvOS remote, keyboard, iPad pointer): a view's, a view controller's,
        // and a table's or collection view's delegate.
        "didUpdateFocus(in:with:)", "tableView(_:didUpdateFocusIn:with:)", "collectionView(_:didUpdateFocusIn:with:)",
        // Each pan or zoom of a map (`MKMapViewDelegate`).
        "mapView(_:regionWillChangeAnimated:)", "mapView(_:regionDidChangeAnimated:)", "mapViewDidChangeVisibleRegion(_:)",
    ]

    /// Delegate methods a system framework calls on each event of a device or connection: each
    /// location fix or heading, each change of the location authorization, each Bluetooth state
    /// change, discovery or characteristic value, each message from the paired watch or phone, each
    /// captured frame, photo or scanned code. They run as often as the events come, a request per event is
    /// the point, and only a source that never finishes piles up.
    public static let systemEventSelectors: Set<String> = [
        "locationManager(_:didUpdateLocations:)", "locationManager(_:didUpdateHeading:)",
        "locationManagerDidChangeAuthorization(_:)", "locationManager(_:didChangeAuthorization:)",
        "locationManager(_:didEnterRegion:)", "locationManager(_:didExitRegion:)", "locationManager(_:didVisit:)",
        "centralManagerDidUpdateState(_:)", "centralManager(_:didDiscover:advertisementData:rssi:)",
        "centralManager(_:didConnect:)", "peripheral(_:didUpdateValueFor:error:)", "peripheralManagerDidUpdateState(_:)",
        "session(_:didReceiveMessage:)", "session(_:didReceiveMessage:replyHandler:)", "session(_:didReceiveApplicationContext:)",
        "sessionReachabilityDidChange(_:)",
        "metadataOutput(_:didOutput:from:)", "captureOutput(_:didOutput:from:)",
        // Each photo taken (`AVCapturePhotoCaptureDelegate`) and each recording finished.
        "photoOutput(_:didFinishProcessingPhoto:error:)", "photoOutput(_:didFinishCaptureFor:error:)",
        "photoOutput(_:willBeginCaptureFor:)", "photoOutput(_:didCapturePhotoFor:)",
        "fileOutput(_:didFinishRecordingTo:from:error:)",
        "peripheral(_:didDiscoverServices:)", "peripheral(_:didDiscoverCharacteristicsFor:error:)",
        "centralManager(_:didDisconnectPeripheral:error:)",
        // Each ARKit frame, anchor change, tracking change and interruption (`ARSessionDelegate`,
        // `ARSessionObserver`): a session is interrupted and resumed again and again.
        "session(_:didUpdate:)", "session(_:didAdd:)", "session(_:didRemove:)",
        "session(_:cameraDidChangeTrackingState:)", "sessionWasInterrupted(_:)", "sessionInterruptionEnded(_:)",
        "session(_:didFailWithError:)",
    ]

    /// Delegate methods that run once per user input or system event (`userInputSelectors`, `systemEventSelectors`).
    public static let perEventDelegateSelectors: Set<String> = userInputSelectors.union(systemEventSelectors)

    /// Delegate methods of a fetched-results controller (`NSFetchedResultsControllerDelegate`), called
    /// on every change of the data it fetches.
    public static let dataChangeSelectors: Set<String> = [
        "controllerWillChangeContent(_:)", "controllerDidChangeContent(_:)",
        "controller(_:didChange:at:for:newIndexPath:)", "controller(_:didChange:atSectionIndex:for:)",
        "controller(_:didChangeContentWith:)",
    ]

    /// Types whose trailing closure (or `cellProvider:`/`handler:` closure) runs per cell.
    public static let cellProviderTypes: Set<String> = [
        "UITableViewDiffableDataSource", "UICollectionViewDiffableDataSource", "CellRegistration", "SupplementaryRegistration",
    ]

    /// Properties of a diffable data source whose closure runs per supplementary view it dequeues
    /// (`dataSource.supplementaryViewProvider = { collectionView, kind, indexPath in … }`).
    public static let perItemProviderProperties: Set<String> = ["supplementaryViewProvider"]

    /// Base classes of reusable views: one instance shows row after row, so what its configure method
    /// subscribes to piles up unless `prepareForReuse` ends it.
    /// (`UICollectionViewListCell`, iOS 14's list cell, is a `UICollectionViewCell` the project
    /// cannot see inherit.)
    public static let reusableViewBases: Set<String> = [
        "UITableViewCell", "UICollectionViewCell", "UICollectionViewListCell", "UICollectionReusableView", "UITableViewHeaderFooterView",
        // AppKit: a view-based table's cell and row views (`makeView(withIdentifier:owner:)` hands back
        // a used one; `NSView.prepareForReuse()` runs first), and a collection view's items.
        "NSTableCellView", "NSTableRowView", "NSCollectionViewItem",
        // MapKit: `dequeueReusableAnnotationView(withIdentifier:for:)` hands back a pin that showed
        // another annotation (`MKAnnotationView.prepareForReuse()` runs first).
        "MKAnnotationView", "MKMarkerAnnotationView", "MKPinAnnotationView",
    ]

    /// Types whose members UIKit, AppKit and SwiftUI call on the main thread (there `RunLoop.current`
    /// is the main run loop): views, view controllers, SwiftUI's `View` and `App`.
    public static let mainThreadTypes: Set<String> = ["View", "UIViewController", "UIView", "NSViewController", "NSView", "App"]
}

extension Catalogue {
    /// Properties that installing a view or child controller sets for good (`addSubview(v)` sets
    /// `v.superview`, `addChild(c)` sets `c.parent`): a `guard v.superview == nil` before the
    /// install makes what follows run once.
    public static let viewAttachmentProperties: Set<String> = ["superview", "parent"]

    /// Members a view controller or view inherits from UIKit or AppKit that code names bare in its
    /// subclass (`title = text`, `view.backgroundColor = …`, `tableView.reloadData()`): an implicit
    /// use of `self` the project's own declarations do not show.
    public static let inheritedFrameworkMembers: [String: Set<String>] = [
        "UIViewController": ["title", "view", "navigationItem", "navigationController", "tabBarItem", "presentedViewController",
                             "present", "dismiss", "show", "setEditing", "isEditing", "traitCollection", "children", "addChild"],
        "UITableViewController": ["tableView", "refreshControl"],
        "UICollectionViewController": ["collectionView"],
        "UIView": ["backgroundColor", "alpha", "isHidden", "frame", "bounds", "layer", "tintColor", "isUserInteractionEnabled",
                   "setNeedsLayout", "layoutIfNeeded", "addSubview", "subviews", "accessibilityLabel"],
        "NSViewController": ["title", "view", "representedObject", "presentAsSheet", "dismiss", "children"],
        "NSView": ["frame", "bounds", "layer", "isHidden", "alphaValue", "needsDisplay", "needsLayout", "addSubview", "subviews", "toolTip"],
        "NSWindowController": ["window", "showWindow", "close"],
    ]
}

extension Catalogue {
    /// Modules of iOS user interfaces: a file importing one holds screen code.
    public static let userInterfaceModules: Set<String> = ["SwiftUI", "UIKit"]

    /// Delegate callbacks of UIKit's and AppKit's text controls that run when the user edits the
    /// text (`textField(_:shouldChangeCharactersIn:replacementString:)`, `searchBar(_:textDidChange:)`,
    /// `controlTextDidChange(_:)`, …).
    public static let textEditCallbacks: Set<String> = [
        "controlTextDidChange", "controlTextDidEndEditing", "textFieldDidChangeSelection", "textFieldDidEndEditing",
        "textViewDidChange", "textDidChange", "textField", "searchBar", "updateSearchResults",
    ]

    /// Text controls: a target-action or `@IBAction` method taking one handles an edit of its text.
    public static let textControlTypes: Set<String> = [
        "UITextField", "UITextView", "UISearchBar", "NSTextField", "NSTextView", "NSSearchField", "NSSecureTextField",
    ]

    /// The properties that hold a text control's contents (`field.text = saved` fills it in).
    public static let textContentProperties: Set<String> = ["text", "attributedText", "stringValue", "attributedStringValue"]

    /// Controls that show text the user cannot edit: setting their text fills in no field of a form.
    public static let textLabelTypes: Set<String> = ["UILabel"]

    /// AppKit's `NSTextField` initializers that make a read-only label (`NSTextField(labelWithString: "")`).
    public static let textLabelInitializers: Set<String> = [
        "labelWithString", "wrappingLabelWithString", "labelWithAttributedString",
    ]
}

