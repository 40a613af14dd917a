// swift-tools-version:5.9
import PackageDescription

// A tiny package that uses CombineLint's plugins from this repository (three levels up), for
// scripts/test-plugins.sh. Not part of the root package's build.
let package = Package(
    name: "PluginPackage",
    dependencies: [.package(name: "CombineLint", path: "../../..")],
    targets: [
        .target(
            name: "Feed",
            plugins: [.plugin(name: "CombineLintBuildTool", package: "CombineLint")]
        ),
    ]
)
