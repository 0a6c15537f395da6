import ArgumentParser
import DetentLua
import DetentPlatform

/// `detent docs [TOPIC]`: the reference pages (README.md and docs/*.md), compiled in as the
/// configuration is, printed in the terminal — the docs of the binary one runs, wherever it
/// was installed. Without a topic, the list of topics.
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Print a page of Detent's reference: detent docs drawer, detent docs plugins, …",
        discussion: "Without a topic, the list of topics. Exit status 2 for a topic there is no page for."
    )

    @Argument(help: "The page: a topic from the list (drawer, sheet, navigation, plugins, …).")
    var topic: String?

    @Flag(name: .long, help: "Print the topics alone, one a line (for scripts and completion).")
    var list = false

    func run() throws {
        if list {
            StandardOutput.write(DocPages.all.map(\.topic).joined(separator: "\n") + "\n")
            return
        }
        guard let topic else {
            var text = "Detent's reference pages (detent docs TOPIC prints one):\n\n"
            let width = DocPages.all.map(\.topic.count).max() ?? 0
            for page in DocPages.all {
                text += "  " + page.topic + String(repeating: " ", count: width - page.topic.count + 2) + page.title + "\n"
            }
            StandardOutput.write(text)
            return
        }
        guard let page = DocPages.page(topic) else {
            let topics = DocPages.all.map(\.topic)
            StandardError.write("detent: no page '\(topic)' (\(NameSuggestion.hint(topic, among: topics))topics: \(topics.joined(separator: ", ")))\n")
            throw ExitCode(2)
        }
        StandardOutput.write(page.text)
    }
}

/// The pages `detent docs` prints, by topic: each docs/*.md under its file's name, and the
/// README as `readme` (the links in Sources/detent/Docs, embedded at build time).
enum DocPages {
    struct Page {
        let topic: String
        let bytes: [UInt8]
        var text: String { String(decoding: bytes, as: UTF8.self) }
        /// The page's first heading.
        var title: String {
            text.split(separator: "\n").first { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) } ?? topic
        }
    }

    static let all: [Page] = [
        Page(topic: "readme", bytes: PackageResources.README_md),
        Page(topic: "lua-api", bytes: PackageResources.lua_api_md),
        Page(topic: "worlds", bytes: PackageResources.worlds_md),
        Page(topic: "gestures", bytes: PackageResources.gestures_md),
        Page(topic: "assertions", bytes: PackageResources.assertions_md),
        Page(topic: "navigation", bytes: PackageResources.navigation_md),
        Page(topic: "sheet", bytes: PackageResources.sheet_md),
        Page(topic: "drawer", bytes: PackageResources.drawer_md),
        Page(topic: "adaptive", bytes: PackageResources.adaptive_md),
        Page(topic: "pager", bytes: PackageResources.pager_md),
        Page(topic: "motion", bytes: PackageResources.motion_md),
        Page(topic: "springs", bytes: PackageResources.springs_md),
        Page(topic: "api", bytes: PackageResources.api_md),
        Page(topic: "busted", bytes: PackageResources.busted_md),
        Page(topic: "running", bytes: PackageResources.running_md),
        Page(topic: "ci", bytes: PackageResources.ci_md),
        Page(topic: "console", bytes: PackageResources.console_md),
        Page(topic: "daemon", bytes: PackageResources.daemon_md),
        Page(topic: "architecture", bytes: PackageResources.architecture_md),
        Page(topic: "development", bytes: PackageResources.development_md),
        Page(topic: "configuration", bytes: PackageResources.configuration_md),
        Page(topic: "plugins", bytes: PackageResources.plugins_md),
        Page(topic: "protocol", bytes: PackageResources.protocol_md),
        Page(topic: "reports", bytes: PackageResources.reports_md),
        Page(topic: "studio", bytes: PackageResources.studio_md),
        Page(topic: "traces", bytes: PackageResources.traces_md),
    ]

    /// The page of `topic`, ignoring case and a trailing ".md".
    static func page(_ topic: String) -> Page? {
        let wanted = (topic.hasSuffix(".md") ? String(topic.dropLast(3)) : topic).lowercased()
        return all.first { $0.topic == wanted }
    }
}
