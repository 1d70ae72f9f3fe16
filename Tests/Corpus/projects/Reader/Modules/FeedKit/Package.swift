// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "FeedKit", products: [.library(name: "FeedKit", targets: ["FeedKit"])], targets: [.target(name: "FeedKit")])
