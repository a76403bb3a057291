import Foundation

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let vectorsDirectory = packageRoot.appendingPathComponent("vectors")
