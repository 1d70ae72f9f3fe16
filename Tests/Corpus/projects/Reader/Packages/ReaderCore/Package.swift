// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "ReaderCore", products: [.library(name: "ReaderCore", targets: ["ReaderCore"])], targets: [.target(name: "ReaderCore")])
