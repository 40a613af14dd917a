#!/usr/bin/env python3
"""Pathological inputs for scripts/bench-lint.sh: valid-looking Swift that uses Combine and UIKit
names, shaped so that work that grows faster than the input shows up.

Usage:
  generate_pathological.py CASE N OUTDIR [--source DIR]   write the input of CASE at size N
  generate_pathological.py --list                         print the case names, one a line

Writes into OUTDIR (created; must not exist or be empty) and prints one line on standard
output: `PATH<TAB>FILES<TAB>LINES<TAB>BYTES`, where PATH is what to lint (a file or OUTDIR).
The case `devcorpus_joined` needs --source DIR (the dev set): its N is a number of files,
picked evenly spaced from the sorted list of DIR's Swift files, joined into one file.
Nothing here reads the network or writes outside OUTDIR.
"""

import os
import sys

HEADER = "import Combine\nimport Foundation\nimport UIKit\n\n"


def sink_statement(indent="        "):
    return indent + "publisher.sink { self.x = $0 }.store(in: &bag)\n"


def model_class_open(name, superclass=""):
    inherit = f": {superclass}" if superclass else ""
    return (
        f"final class {name}{inherit} {{\n"
        "    var x = 0\n"
        "    let publisher = PassthroughSubject<Int, Never>()\n"
        "    var bag = Set<AnyCancellable>()\n\n"
    )


# Each case returns a list of (relative file name, text).

def case_call_chain(n):
    """viewWillAppear calls m1, m1 calls m2, ..., mN stores a subscription."""
    out = [HEADER,
           "final class ChainViewController: UIViewController {\n",
           "    private var cancellables = Set<AnyCancellable>()\n",
           "    private let publisher = PassthroughSubject<Int, Never>()\n",
           "    private var value = 0\n\n",
           "    override func viewWillAppear(_ animated: Bool) {\n",
           "        super.viewWillAppear(animated)\n",
           "        m1()\n",
           "    }\n\n"]
    for i in range(1, n):
        out.append(f"    func m{i}() {{\n        m{i + 1}()\n    }}\n\n")
    out.append(f"    func m{n}() {{\n"
               "        publisher.sink { [weak self] value in self?.value = value }.store(in: &cancellables)\n"
               "    }\n}\n")
    return [("CallChain.swift", "".join(out))]


def case_appearance_methods(n):
    """N methods of one UIViewController that each store a subscription, all called from viewWillAppear."""
    out = [HEADER,
           "final class DashboardViewController: UIViewController {\n",
           "    private var bag = Set<AnyCancellable>()\n",
           "    private let subject = PassthroughSubject<Int, Never>()\n",
           "    private var count = 0\n\n",
           "    override func viewWillAppear(_ animated: Bool) {\n",
           "        super.viewWillAppear(animated)\n"]
    out += [f"        bind{i}()\n" for i in range(1, n + 1)]
    out.append("    }\n\n")
    for i in range(1, n + 1):
        out.append(f"    func bind{i}() {{\n"
                   "        subject.sink { [weak self] in self?.count += $0 }.store(in: &bag)\n"
                   "    }\n\n")
    out.append("}\n")
    return [("Dashboard.swift", "".join(out))]


def case_many_files(n):
    """N small files in one folder; the same member names in every file."""
    files = []
    for i in range(1, n + 1):
        text = HEADER + f"""final class Feature{i}ViewModel: ObservableObject {{
    @Published var title: String = ""
    @Published var isLoading = false
    let events = PassthroughSubject<String, Never>()
    private var cancellables = Set<AnyCancellable>()

    func configure() {{
        events
            .receive(on: DispatchQueue.main)
            .sink {{ [weak self] value in self?.title = value }}
            .store(in: &cancellables)
    }}

    func reload() {{
        isLoading = true
        events.send("reload")
    }}
}}

final class Feature{i}ViewController: UIViewController {{
    private let viewModel = Feature{i}ViewModel()
    private var cancellables = Set<AnyCancellable>()

    override func viewDidLoad() {{
        super.viewDidLoad()
        configure()
    }}

    func configure() {{
        viewModel.$title
            .sink {{ [weak self] title in self?.title = title }}
            .store(in: &cancellables)
        viewModel.configure()
    }}
}}
"""
        files.append((f"Feature{i}.swift", text))
    return files


def case_inheritance_chain(n):
    """class C1: UIViewController, class C2: C1, ..., each with a subscription."""
    out = [HEADER,
           "class C1: UIViewController {\n",
           "    var bag = Set<AnyCancellable>()\n",
           "    let subject = PassthroughSubject<Int, Never>()\n",
           "    var value = 0\n\n",
           "    override func viewWillAppear(_ animated: Bool) {\n",
           "        super.viewWillAppear(animated)\n",
           "        subject.sink { [weak self] in self?.value = $0 }.store(in: &bag)\n",
           "    }\n}\n\n"]
    for i in range(2, n + 1):
        out.append(f"class C{i}: C{i - 1} {{\n"
                   "    override func viewWillAppear(_ animated: Bool) {\n"
                   "        super.viewWillAppear(animated)\n"
                   f"        setUp{i}()\n"
                   "    }\n\n"
                   f"    func setUp{i}() {{\n"
                   "        subject.sink { [weak self] in self?.value += $0 }.store(in: &bag)\n"
                   "    }\n}\n\n")
    return [("Inheritance.swift", "".join(out))]


def case_published_chain(n):
    """class C1: ObservableObject with @Published properties, C2: C1, ..., each with an
    `assign(to: &$y)` in a method nothing calls: every lookup of an inherited property, and every
    search for a caller up and down the chain, must stay bounded."""
    out = [HEADER,
           "class C1: ObservableObject {\n",
           "    @Published var x = 0\n",
           "    @Published var y = 0\n",
           "    func bind1() { $x.map { $0 + 1 }.assign(to: &$y) }\n",
           "}\n\n"]
    for i in range(2, n + 1):
        out.append(f"class C{i}: C{i - 1} {{\n"
                   f"    func bind{i}() {{ $x.map {{ $0 + {i} }}.assign(to: &$y) }}\n"
                   "}\n\n")
    return [("PublishedChain.swift", "".join(out))]


def case_extensions(n):
    """N extensions of one type, each adding a method with a subscription."""
    out = [HEADER,
           "final class ProfileViewController: UIViewController {\n",
           "    var cancellables = Set<AnyCancellable>()\n",
           "    let subject = PassthroughSubject<Int, Never>()\n",
           "    var value = 0\n\n",
           "    override func viewDidLoad() {\n",
           "        super.viewDidLoad()\n",
           "        bind1()\n",
           "    }\n",
           "    func refresh() {}\n}\n\n"]
    for i in range(1, n + 1):
        out.append("extension ProfileViewController {\n"
                   f"    func bind{i}() {{\n"
                   "        subject.sink { _ in self.refresh() }.store(in: &cancellables)\n"
                   "    }\n}\n\n")
    return [("Extensions.swift", "".join(out))]


def case_sinks_one_method(n):
    """N `publisher.sink { self.x = $0 }.store(in: &bag)` statements in one method."""
    out = [HEADER, model_class_open("OneMethodModel"), "    func bind() {\n"]
    out += [sink_statement()] * n
    out.append("    }\n}\n")
    return [("SinksOneMethod.swift", "".join(out))]


def case_sinks_many_methods(n):
    """N methods each with one such statement."""
    out = [HEADER, model_class_open("ManyMethodsModel")]
    for i in range(1, n + 1):
        out.append(f"    func bind{i}() {{\n" + sink_statement() + "    }\n\n")
    out.append("}\n")
    return [("SinksManyMethods.swift", "".join(out))]


PER_FILE = 100


def case_subjects_published(n):
    """N PassthroughSubject + @Published pairs in stores of 100 pairs a file, sent to from other types."""
    files = []
    stores = max(1, (n + PER_FILE - 1) // PER_FILE)
    for s in range(stores):
        first, last = s * PER_FILE, min(n, (s + 1) * PER_FILE)
        body = [HEADER, f"final class Store{s}: ObservableObject {{\n"]
        for k in range(first, last):
            body.append(f"    @Published var value{k}: Int = 0\n"
                        f"    let event{k} = PassthroughSubject<Int, Never>()\n")
        body.append("}\n")
        files.append((f"Store{s}.swift", "".join(body)))
        # A sender of another file sends into this store and the next one.
        nxt = (s + 1) % stores
        nfirst, nlast = nxt * PER_FILE, min(n, (nxt + 1) * PER_FILE)
        send = [HEADER, f"final class Sender{s} {{\n",
                f"    let store = Store{s}()\n", f"    let other = Store{nxt}()\n\n",
                "    func fire() {\n"]
        for k in range(first, last):
            send.append(f"        store.event{k}.send({k})\n        store.value{k} = {k}\n")
        for k in range(nfirst, nlast):
            send.append(f"        other.event{k}.send({k})\n")
        send.append("    }\n}\n")
        files.append((f"Sender{s}.swift", "".join(send)))
    return files


def case_futures(n):
    """N Future { promise in ... } creations in functions whose results are used elsewhere."""
    out = [HEADER, "final class Loader {\n"]
    for i in range(1, n + 1):
        out.append(f"    func load{i}() -> AnyPublisher<Int, Error> {{\n"
                   "        Future { promise in\n"
                   f"            DispatchQueue.global().async {{ promise(.success({i})) }}\n"
                   "        }\n"
                   "        .eraseToAnyPublisher()\n"
                   "    }\n\n")
    out.append("}\n\n")
    out.append("final class LoaderViewController: UIViewController {\n"
               "    private let loader = Loader()\n"
               "    private var cancellables = Set<AnyCancellable>()\n"
               "    private var total = 0\n\n"
               "    func reloadAll() {\n")
    for i in range(1, n + 1):
        out.append(f"        loader.load{i}()\n"
                   "            .replaceError(with: 0)\n"
                   "            .sink { [weak self] in self?.total += $0 }\n"
                   "            .store(in: &cancellables)\n")
    out.append("    }\n}\n")
    return [("Futures.swift", "".join(out))]


def case_nested_sinks(n):
    """N sinks nested in each other (no indentation, so the file stays linear in N)."""
    out = [HEADER, model_class_open("NestedModel"),
           "    let a = PassthroughSubject<Int, Never>()\n\n",
           "    func bind() {\n"]
    out += ["a.sink { _ in\n"] * n
    out.append("self.x += 1\n")
    out += ["}.store(in: &bag)\n"] * n
    out.append("    }\n}\n")
    return [("NestedSinks.swift", "".join(out))]


def case_weak_self_closures(n):
    """N `[weak self]` sinks in one method, each binding `strongSelf` and calling a free function."""
    out = [HEADER, model_class_open("WeakClosuresModel"), "    func bind() {\n"]
    out += ["        publisher.sink { [weak self] value in\n"
            "            guard let strongSelf = self else { return }\n"
            "            strongSelf.x += value\n"
            "            log(value)\n"
            "        }.store(in: &bag)\n"] * n
    out.append("    }\n}\n\nfunc log(_ value: Int) {}\n")
    return [("WeakSelfClosures.swift", "".join(out))]


def case_same_local_names(n):
    """N methods of one type that each declare the same local names and subscribe with them."""
    out = [HEADER, model_class_open("SameLocalsModel"), "    var value = 0\n\n"]
    for i in range(1, n + 1):
        out.append(f"    func bind{i}() {{\n"
                   "        let value = publisher.map { $0 + 1 }\n"
                   "        let bag = value.sink { [weak self] in self?.x = $0 }\n"
                   "        bag.store(in: &self.bag)\n"
                   "    }\n\n")
    out.append("}\n")
    return [("SameLocalNames.swift", "".join(out))]


def case_optional_published(n):
    """N optional @Published properties of one type, each read through compactMap into the next."""
    out = [HEADER, "final class FormModel: ObservableObject {\n"]
    out += [f"    @Published var field{i}: String? = nil\n" for i in range(n)]
    out.append("    var bag = Set<AnyCancellable>()\n\n    init() {\n")
    out += [f"        $field{i}.compactMap {{ $0 }}.sink {{ [weak self] in self?.field{(i + 1) % n} = $0 }}.store(in: &bag)\n"
            for i in range(n)]
    out.append("    }\n}\n")
    return [("OptionalPublished.swift", "".join(out))]


def case_nested_view_models(n):
    """N feature files, each nesting a `ViewModel` and a `ViewController` of the same simple names."""
    files = []
    for i in range(n):
        files.append((f"Feature{i}.swift", HEADER + f"""enum Feature{i} {{
    final class ViewModel: ObservableObject {{
        @Published var title: String? = nil
        let events = PassthroughSubject<Void, Never>()
        var bag = Set<AnyCancellable>()

        func bind() {{
            events.sink {{ [weak self] in self?.title = "{i}" }}.store(in: &bag)
        }}
    }}

    final class ViewController: UIViewController {{
        let viewModel = ViewModel()
        var bag = Set<AnyCancellable>()

        override func viewDidLoad() {{
            super.viewDidLoad()
            viewModel.$title.compactMap {{ $0 }}.sink {{ [weak self] in self?.title = $0 }}.store(in: &bag)
            viewModel.events.send(())
        }}
    }}
}}
"""))
    return files


def case_protocol_conformers(n):
    """N classes in their own files conforming to one protocol whose extension subscribes to its subject."""
    files = [("Loading.swift", HEADER + """protocol Loading: AnyObject {
    var isLoading: CurrentValueSubject<Bool?, Never> { get }
    func load()
}

extension Loading {
    func observeLoading(into bag: inout Set<AnyCancellable>) {
        isLoading.compactMap { $0 }.sink { _ in }.store(in: &bag)
    }
}
""")]
    for i in range(n):
        files.append((f"Loader{i}.swift", HEADER + f"""final class Loader{i}: Loading {{
    let isLoading = CurrentValueSubject<Bool?, Never>(nil)
    var bag = Set<AnyCancellable>()

    func load() {{
        isLoading.send(true)
        observeLoading(into: &bag)
    }}
}}
"""))
    return files


FEATURE_TEMPLATE = """import SwiftUI

final class Service{i} {{
    let updates = PassthroughSubject<Int, Never>()
    private let session = URLSession.shared
    func load() -> AnyPublisher<Data, Error> {{
        session.dataTaskPublisher(for: URL(string: "https://e.com/{i}")!).map(\\.data).mapError {{ $0 as Error }}.eraseToAnyPublisher()
    }}
    func fetch() -> Future<Int, Never> {{ Future {{ promise in promise(.success({i})) }} }}
    func start() -> AnyCancellable {{ updates.sink {{ _ in }} }}
}}
final class Child{i}: ObservableObject {{ @Published var value = 0 }}
final class ViewModel{i}: ObservableObject {{
    @Published var child = Child{i}()
    @Published var items: [Int] = []
    @Published var error: String? = nil
    let service = Service{i}()
    let tick = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    var cancellables = Set<AnyCancellable>()
    init() {{
        child.objectWillChange.sink {{ [weak self] _ in self?.objectWillChange.send() }}.store(in: &cancellables)
        service.load().receive(on: DispatchQueue.main).sink(receiveCompletion: {{ [weak self] c in
            if case .failure(let e) = c {{ self?.error = e.localizedDescription }}
        }}, receiveValue: {{ [weak self] _ in self?.items = [] }}).store(in: &cancellables)
        service.fetch().sink {{ [weak self] v in self?.items.append(v) }}.store(in: &cancellables)
        service.start().store(in: &cancellables)
        tick.sink {{ [weak self] _ in self?.items.append(0) }}.store(in: &cancellables)
        $error.compactMap {{ $0 }}.sink {{ print($0) }}.store(in: &cancellables)
    }}
    func reload() {{ error = nil; service.updates.send(1) }}
}}
final class Cell{i}: UITableViewCell {{
    var cancellables = Set<AnyCancellable>()
    override func prepareForReuse() {{ super.prepareForReuse(); cancellables.removeAll() }}
    func configure(with model: ViewModel{i}) {{
        model.$items.sink {{ [weak self] in self?.textLabel?.text = "\\($0.count)" }}.store(in: &cancellables)
    }}
}}
final class ViewController{i}: UIViewController, UITableViewDataSource {{
    let viewModel = ViewModel{i}()
    var cancellables = Set<AnyCancellable>()
    let tableView = UITableView()
    override func viewDidLoad() {{
        super.viewDidLoad()
        viewModel.$items.receive(on: RunLoop.main).sink {{ [weak self] _ in self?.tableView.reloadData() }}.store(in: &cancellables)
        NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification).sink {{ [weak self] _ in self?.viewModel.reload() }}.store(in: &cancellables)
    }}
    override func viewWillAppear(_ animated: Bool) {{ super.viewWillAppear(animated); viewModel.reload() }}
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {{ viewModel.items.count }}
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {{
        let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! Cell{i}
        cell.configure(with: viewModel)
        return cell
    }}
}}
struct Screen{i}: View {{
    @StateObject var model = ViewModel{i}()
    var body: some View {{
        List(model.items, id: \\.self) {{ Text("\\($0)") }}
            .onAppear {{ model.reload() }}
            .onReceive(model.service.updates) {{ _ in }}
    }}
}}
"""


def case_feature_files(n):
    """N feature files as apps write them, with the same member names in each: a service returning
    publishers, a `Future` and a cancellable, a view model with a nested ObservableObject whose
    changes it forwards, a cell, a view controller and a SwiftUI screen."""
    return [(f"Feature{i}.swift", HEADER + FEATURE_TEMPLATE.format(i=i)) for i in range(n)]


SCREEN_TEMPLATE = """final class Clock{i}: ObservableObject {{
    @Published var now = Date()
    var bag = Set<AnyCancellable>()
    init() {{
        Timer.publish(every: 1, on: .main, in: .default).autoconnect().sink {{ [weak self] _ in self?.tick() }}.store(in: &bag)
    }}
    func tick() {{ update() }}
    func update() {{ refresh() }}
    func refresh() {{ now = Date() }}
}}
final class Store{i} {{
    let items = CurrentValueSubject<[Int], Never>([])
    let flag = CurrentValueSubject<Bool, Never>(false)
}}
final class Editor{i} {{
    let store = Store{i}()
    func add() {{ store.items.value.append({i}); store.flag.value.toggle() }}
}}
final class Form{i}ViewController: UIViewController {{
    let name = PassthroughSubject<String, Never>()
    let email = PassthroughSubject<String, Never>()
    let nameField = UITextField()
    var bag = Set<AnyCancellable>()
    override func viewDidLoad() {{
        super.viewDidLoad()
        name.combineLatest(email).map {{ !$0.isEmpty && !$1.isEmpty }}.sink {{ [weak self] in self?.navigationItem.rightBarButtonItem?.isEnabled = $0 }}.store(in: &bag)
        nameField.addTarget(self, action: #selector(changed), for: .editingChanged)
    }}
    @objc func changed() {{ name.send(nameField.text ?? ""); email.send("") }}
}}
"""


CALLBACK_TEMPLATE = """final class Gateway{i} {{
    private let queue = DispatchQueue(label: "gateway{i}")
    func send(_ verb: String, completion: @escaping (Result<String, Error>) -> Void) {{
        queue.async {{ completion(.success(verb)) }}
    }}
}}
final class Service{i} {{
    let events = PassthroughSubject<String, Never>()
    private let gateway = Gateway{i}()
    func reset() -> AnyPublisher<String, Error> {{
        Deferred {{ Future<String, Error> {{ [weak self] promise in self?.issue("RESET", promise: promise) }} }}.eraseToAnyPublisher()
    }}
    func lock() {{
        gateway.send("LOCK") {{ [weak self] result in if case .success(let reply) = result {{ self?.events.send(reply) }} }}
    }}
    private func issue(_ verb: String, promise: @escaping (Result<String, Error>) -> Void) {{
        gateway.send(verb) {{ result in promise(result) }}
    }}
}}
final class Panel{i}ViewController: UIViewController {{
    let service = Service{i}()
    let label = UILabel()
    var bag = Set<AnyCancellable>()
    override func viewDidLoad() {{
        super.viewDidLoad()
        service.events.sink {{ [weak self] in self?.label.text = $0 }}.store(in: &bag)
        service.reset().sink(receiveCompletion: {{ _ in }}, receiveValue: {{ [weak self] in self?.label.text = $0 }}).store(in: &bag)
    }}
}}
"""


def case_callback_clients(n):
    """N files each with a gateway calling its completion handler on its own queue, a service that
    sends into a subject from that handler and hands a `Future`'s promise to it, and a screen that
    subscribes to both: every type and member name repeats in each file."""
    return [(f"Panel{i}.swift", HEADER + CALLBACK_TEMPLATE.format(i=i)) for i in range(n)]


def case_form_screens(n):
    """N files each with a clock ObservableObject whose timer calls a chain of its methods, a store
    whose subjects another type changes in place, and a form screen combining two text inputs."""
    return [(f"Screen{i}.swift", HEADER + SCREEN_TEMPLATE.format(i=i)) for i in range(n)]


def case_debounce_chains(n):
    """N debounce(for:scheduler:) + flatMap + replaceError(with:) chains, one a method."""
    out = [HEADER,
           "final class SearchViewModel: ObservableObject {\n",
           "    @Published var query = \"\"\n",
           "    @Published var results: [String] = []\n",
           "    private let api = SearchAPI()\n",
           "    private var cancellables = Set<AnyCancellable>()\n\n"]
    for i in range(1, n + 1):
        out.append(f"    func bindSearch{i}() {{\n"
                   "        $query\n"
                   "            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)\n"
                   "            .flatMap { query in self.api.search(query) }\n"
                   "            .replaceError(with: [])\n"
                   "            .sink { [weak self] in self?.results = $0 }\n"
                   "            .store(in: &cancellables)\n"
                   "    }\n\n")
    out.append("}\n\n"
               "final class SearchAPI {\n"
               "    func search(_ query: String) -> AnyPublisher<[String], Error> {\n"
               "        Just([query]).setFailureType(to: Error.self).eraseToAnyPublisher()\n"
               "    }\n}\n")
    return [("DebounceChains.swift", "".join(out))]


def statements_in_methods(name, n, statement, per_method=10):
    out = [HEADER, model_class_open(name)]
    for start in range(0, n, per_method):
        out.append(f"    func bind{start // per_method + 1}() {{\n")
        for _ in range(start, min(n, start + per_method)):
            out.append(statement)
        out.append("    }\n\n")
    out.append("}\n")
    return "".join(out)


def case_disable_next(n):
    """N `// combinelint:disable:next strong_self_capture` comments, each before a sink line."""
    stmt = "        // combinelint:disable:next strong_self_capture\n" + sink_statement()
    return [("DisableNext.swift", statements_in_methods("DisableNextModel", n, stmt))]


def case_disable_enable_pairs(n):
    """N `// combinelint:disable` / `// combinelint:enable` pairs around a sink line."""
    stmt = ("        // combinelint:disable strong_self_capture\n" + sink_statement()
            + "        // combinelint:enable strong_self_capture\n")
    return [("DisableEnable.swift", statements_in_methods("DisableEnableModel", n, stmt))]


def case_generic_nesting(n):
    """let x: A<A<A<...Int...>>>? = nil, N deep."""
    text = (HEADER + "struct A<T> {}\n\n" + "final class Holder {\n"
            + "    let x: " + "A<" * n + "Int" + ">" * n + "? = nil\n"
            + "    let publisher = PassthroughSubject<Int, Never>()\n"
            + "    var bag = Set<AnyCancellable>()\n"
            + "}\n")
    return [("GenericNesting.swift", text)]


def case_nested_types(n):
    """N model classes, each declared inside the one before (a declaration line repeated by a bad
    merge nests them N deep), each with a subject, a @Published property and a stored sink."""
    body = ""
    for i in range(n):
        body += (f"final class Store: ObservableObject {{\n"
                 "    @Published var title: String? = nil\n"
                 "    let events = PassthroughSubject<Int, Never>()\n"
                 "    var bag = Set<AnyCancellable>()\n"
                 "    func bind() { $title.sink { self.show($0) }.store(in: &bag) }\n")
    return [("NestedTypes.swift", HEADER + body + "}\n" * n)]


def case_nested_ifs(n):
    """N `if` blocks nested in each other in one method, each storing a `[weak self]` sink: every
    question a rule asks about a subscription (its function, type, closure) starts N scopes deep."""
    out = [HEADER, model_class_open("NestedIfsModel"), "    func bind(level: Int) {\n"]
    out += [f"if level > {i} {{\npublisher.sink {{ [weak self] in self?.x = $0 }}.store(in: &bag)\n" for i in range(n)]
    out += ["}\n"] * n
    out.append("    }\n}\n")
    return [("NestedIfs.swift", "".join(out))]


def case_nested_functions(n):
    """N local functions nested in each other, each storing a `[weak self]` sink into the type's bag."""
    out = [HEADER, model_class_open("NestedFunctionsModel")]
    out += [f"func step{i}() {{\npublisher.sink {{ [weak self] in self?.x = $0 }}.store(in: &bag)\n" for i in range(n)]
    out += ["}\n"] * n
    out.append("}\n")
    return [("NestedFunctions.swift", "".join(out))]


SKIPPED_FOLDERS = {".build", ".git", "DerivedData", "Pods", "Carthage", ".swiftpm"}


def swift_files(source):
    """The Swift files the linter would find in a folder, sorted (hidden folders skipped)."""
    found = []
    for root, dirs, files in os.walk(source):
        dirs[:] = [d for d in dirs if d not in SKIPPED_FOLDERS and not d.startswith(".")]
        found += [os.path.join(root, f) for f in files if f.endswith(".swift")]
    return sorted(found)


def case_devcorpus_joined(n, source):
    """N of the dev set's files (evenly spaced in sorted order) joined into one file."""
    if not source or not os.path.isdir(source):
        sys.exit("devcorpus_joined needs --source DIR (an existing folder)")
    paths = swift_files(source)
    n = min(n, len(paths))
    picked = [paths[i * len(paths) // n] for i in range(n)]
    parts = []
    for p in picked:
        with open(p, encoding="utf-8", errors="replace") as f:
            text = f.read()
        parts.append(text if text.endswith("\n") else text + "\n")
    return [("Joined.swift", "\n".join(parts))]


CASES = {
    "call_chain": case_call_chain,
    "appearance_methods": case_appearance_methods,
    "many_files": case_many_files,
    "inheritance_chain": case_inheritance_chain,
    "published_chain": case_published_chain,
    "extensions": case_extensions,
    "sinks_one_method": case_sinks_one_method,
    "sinks_many_methods": case_sinks_many_methods,
    "subjects_published": case_subjects_published,
    "futures": case_futures,
    "nested_sinks": case_nested_sinks,
    "weak_self_closures": case_weak_self_closures,
    "same_local_names": case_same_local_names,
    "optional_published": case_optional_published,
    "nested_view_models": case_nested_view_models,
    "protocol_conformers": case_protocol_conformers,
    "feature_files": case_feature_files,
    "form_screens": case_form_screens,
    "callback_clients": case_callback_clients,
    "debounce_chains": case_debounce_chains,
    "disable_next": case_disable_next,
    "disable_enable_pairs": case_disable_enable_pairs,
    "generic_nesting": case_generic_nesting,
    "nested_types": case_nested_types,
    "nested_ifs": case_nested_ifs,
    "nested_functions": case_nested_functions,
    "devcorpus_joined": None,  # needs --source
}


def main(argv):
    if argv[1:] == ["--list"]:
        print("\n".join(CASES))
        return
    args = argv[1:]
    source = None
    if "--source" in args:
        i = args.index("--source")
        if i + 1 >= len(args):
            sys.exit("--source needs a folder")
        source = args[i + 1]
        del args[i:i + 2]
    if len(args) != 3 or args[0] not in CASES:
        sys.exit(__doc__.strip() + "\n\ncases: " + ", ".join(CASES))
    case, n, outdir = args[0], int(args[1]), args[2]
    if n < 1:
        sys.exit("N must be at least 1")
    files = case_devcorpus_joined(n, source) if case == "devcorpus_joined" else CASES[case](n)

    os.makedirs(outdir, exist_ok=True)
    if os.listdir(outdir):
        sys.exit(f"{outdir} is not empty")
    lines = size = 0
    for name, text in files:
        data = text.encode("utf-8")
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(data)
        lines += text.count("\n")
        size += len(data)
    target = os.path.join(outdir, files[0][0]) if len(files) == 1 else outdir
    print(f"{target}\t{len(files)}\t{lines}\t{size}")


if __name__ == "__main__":
    main(sys.argv)
