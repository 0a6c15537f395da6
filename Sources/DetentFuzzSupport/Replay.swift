import Foundation

/// Runs `body` on every saved input named by `paths` (files, or folders of them), in name
/// order, and prints how many ran; the committed corpus is replayed this way by `swift test`.
/// A crash is the finding: the process dies with the input's name printed just before.
public func replayFuzzInputs(_ paths: ArraySlice<String>, name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard !paths.isEmpty else {
        FileHandle.standardError.write(Data("usage: \(name) FILE|DIR… (replays fuzz inputs)\n".utf8))
        exit(2)
    }
    var files: [String] = []
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            FileHandle.standardError.write(Data("\(name): no such file or folder: \(path)\n".utf8))
            exit(2)
        }
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            files += names.filter { !$0.hasPrefix(".") }.sorted().map { (path as NSString).appendingPathComponent($0) }
        } else {
            files.append(path)
        }
    }
    for file in files {
        FileHandle.standardError.write(Data("\(name): \(file)\n".utf8))
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        data.withUnsafeBytes { raw in body(raw.bindMemory(to: UInt8.self)) }
    }
    print("\(name): replayed \(files.count) inputs")
}
