import ArgumentParser
import DetentPlatform
import DetentRuntime
import FoundationEssentials
import Glibc
import DetentTrace

/// `detent show-trace FILE`: the plots and the replay of a trace written by `detent run --trace`.
struct ShowTrace: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show-trace",
        abstract: "Write an SVG plot per recorded series and a self-contained HTML replay of a trace (.jsonl).",
        discussion: """
        Without --out the files go next to the trace: FILE.html and a folder FILE-plots/ of SVGs.
        With --out ending in .html the replay is written there and the plots next to it; otherwise
        --out is a folder that receives replay.html and the plots.
        """
    )

    @Argument(help: "A trace written by `detent run --trace on` (a .jsonl file).")
    var file: String

    @Option(name: .long, help: "A folder, or an .html file for the replay.")
    var out: String?

    @Flag(name: .long, help: "Open the replay in the default browser (xdg-open or open).")
    var open = false

    func run() throws {
        let trace: TraceFile
        do { trace = try TraceFile(path: file) } catch let error as TraceFile.Failure {
            StandardError.write("detent: \(error)\n")
            throw ExitCode(2)
        }
        let stem = file.hasSuffix(".jsonl") ? String(file.dropLast(6)) : file
        let html: String, plotFolder: String
        if let out, out.hasSuffix(".html") {
            html = out
            plotFolder = String(out.dropLast(5)) + "-plots"
        } else if let out {
            html = PathText.join(out, "replay.html")
            plotFolder = out
        } else {
            html = stem + ".html"
            plotFolder = stem + "-plots"
        }
        let manager = FileManager.default
        try manager.createDirectory(atPath: plotFolder, withIntermediateDirectories: true)
        let htmlFolder = PathText.parent(of: html)
        try manager.createDirectory(atPath: htmlFolder.isEmpty ? "." : htmlFolder, withIntermediateDirectories: true)
        for plot in TraceReplay.plots(trace) {
            let path = PathText.join(plotFolder, plot.name)
            try AtomicFile.write(plot.svg, to: path)
            print(path)
        }
        try AtomicFile.write(TraceReplay.html(trace), to: html)
        print(html)
        if open { openInBrowser(html) }
    }

    /// Hands the page to the desktop's opener (`xdg-open`; `open` on macOS) without waiting for it.
    private func openInBrowser(_ path: String) {
        #if os(macOS)
        let command = ["open", path]
        #else
        let command = ["xdg-open", path]
        #endif
        do { _ = try ChildProcess.start(command) } catch {
            StandardError.write("detent: cannot open \(path): \(error)\n")
        }
    }
}
