import DetentTrace

/// The files of Detent Studio's page, compiled into the binary (Studio/Page, and the replay's
/// frame drawing from DetentTrace): nothing is fetched from elsewhere at run time.
enum StudioPage {
    struct File {
        let contentType: String
        let bytes: [UInt8]
    }

    /// By request path.
    static let files: [String: File] = [
        "/": File(contentType: "text/html; charset=utf-8", bytes: PackageResources.studio_html),
        "/studio.js": File(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.studio_js),
        "/studio.css": File(contentType: "text/css; charset=utf-8", bytes: PackageResources.studio_css),
        "/render.js": File(contentType: "text/javascript; charset=utf-8", bytes: Array(TraceReplay.rendererScript.utf8)),
    ]

    /// Where the page's WebSocket connects.
    static let socketPath = "/ws"
}
