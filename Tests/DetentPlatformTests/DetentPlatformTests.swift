import CPlatform
import DetentPlatform
import Glibc
import Testing

/// DetentPlatform stands in for Foundation: each helper gives what the Foundation call it
/// replaced gave.
@Suite("Platform: what Foundation gave, without Foundation")
struct DetentPlatformTests {
    @Test func printfFormatsLikeC() {
        #expect(String(printf: "%.3f", 0.5) == "0.500")
        #expect(String(printf: "%7.3f s", 1.25) == "  1.250 s")
        #expect(String(printf: "%03d", UInt8(7)) == "007")
        #expect(String(printf: "%+.1f %%", 12.34) == "+12.3 %")
        #expect(String(printf: "%g×", 0.25) == "0.25×")
        #expect(String(printf: "%lld", Int.max) == "9223372036854775807")
        let long = String(repeating: "x", count: 500)
        #expect(String(printf: long + "%d", 1) == long + "1")   // past the first 64-byte buffer
    }

    @Test func trimmingSpacesKeepsLineBreaksAndTrimmingWhitespaceDoesNot() {
        #expect(" \t a b \u{00A0}".trimmingSpaces() == "a b")
        #expect("\n a \r".trimmingSpaces() == "\n a \r")
        #expect("\r\n a b \n".trimmingWhitespace() == "a b")
        #expect("   ".trimmingSpaces() == "")
        #expect("x"[...].trimmingSpaces() == "x")
        // Each side of the ASCII shortcut: vertical tab, form feed and NEL are white space, not
        // spaces; U+2003 (em space) is both; a lone letter is neither.
        #expect("\u{0B}\u{0C}\u{2003}a\u{85}\t".trimmingWhitespace() == "a")
        #expect("\u{0B}a\u{0C}".trimmingSpaces() == "\u{0B}a\u{0C}")
        #expect("\u{2003}\u{85}a\u{2003}".trimmingSpaces() == "\u{85}a")
    }

    @Test func replacingEveryMatchesBytesSoALineFeedInsideCRLFIsFound() {
        #expect("a\r\nb\nc".replacingEvery("\n", with: " ") == "a\r b c")
        #expect("a/b/c".replacingEvery("/", with: ".") == "a.b.c")
        #expect("aaa".replacingEvery("aa", with: "b") == "ba")   // left to right, not overlapping
        #expect("</a></b>".replacingEvery("</", with: "<\\/") == "<\\/a><\\/b>")
        #expect("x".replacingEvery("", with: "y") == "x")
        #expect("é – ok".replacingEvery("–", with: "-") == "é - ok")
    }

    /// How paths are shown to someone in a folder: below it relative, beside it absolute or
    /// with "..", never a path made up of the two folders' shared root alone.
    @Test func pathsAreShownFromAFolder() {
        #expect(PathText.shown("/p/spec/a_spec.lua", from: "/p") == "spec/a_spec.lua")
        #expect(PathText.shown("/p/./spec/../x.lua", from: "/p/") == "x.lua")
        #expect(PathText.shown("/p", from: "/p") == ".")
        #expect(PathText.shown("/p/spec", from: "/p/sub") == "/p/spec")
        #expect(PathText.shown("/p/spec", from: "/p/sub/deep", dotDot: true) == "../../spec")
        #expect(PathText.shown("/etc/x", from: "/p", dotDot: true) == "/etc/x")
        #expect(PathText.shown("./x.lua", from: "/p") == "./x.lua")
        #expect(PathText.shown("/a/b", from: "/") == "a/b")
    }

    @Test func pathTextJoinsAndDropsComponentsAsNSStringDid() {
        #expect(PathText.join("out", "replay.html") == "out/replay.html")
        #expect(PathText.join("out/", "a.svg") == "out/a.svg")
        #expect(PathText.join("", "a.svg") == "a.svg")
        #expect(PathText.parent(of: "a/b/c.jsonl") == "a/b")
        #expect(PathText.parent(of: "/a") == "/")
        #expect(PathText.parent(of: "c.jsonl") == "")
        #expect(PathText.parent(of: "a/b/") == "a")
        #expect(PathText.parent(of: "/") == "/")
        #expect(PathText.lastComponent(of: "a/b/c.jsonl") == "c.jsonl")
        #expect(PathText.lastComponent(of: "a/b/") == "b")
        #expect(PathText.lastComponent(of: "c") == "c")
        #expect(PathText.lastComponent(of: "/") == "/")
    }

    /// The body runs on a thread of its own; a name longer than Linux's 15 bytes is cut, not
    /// refused, and at a character boundary. No time-limit trait: Swift Testing starts that
    /// clock before the test gets one of the runner's few threads, and in the full suite the
    /// process-running tests hold them for minutes. The wait is bounded here instead (10 s,
    /// polled every millisecond), and it blocks the runner's thread only for as long as the
    /// new thread takes to run.
    @Test func aDetachedThreadRunsItsBodyOnAThreadOfItsOwn() {
        guard let ascii = Self.runOnDetachedThread(named: "detent.test.thread.with.a.long.name") else { return }
        #expect(pthread_equal(ascii.thread, pthread_self()) == 0)
        #expect(ascii.name == "detent.test.thr")
        // "é" is two bytes: the 15th byte would split the eighth "é", so the name stops before it.
        guard let accented = Self.runOnDetachedThread(named: "éééééééé") else { return }
        #expect(accented.name == "ééééééé")
    }

    /// Starts a detached thread named `name` and returns the thread and the name the kernel
    /// kept, once it ran (nil, recorded as an issue, if it did not within 10 s).
    private static func runOnDetachedThread(named name: String) -> (thread: pthread_t, name: String)? {
        final class Box: @unchecked Sendable {
            let condition = Condition()
            var thread: pthread_t?
            var name = ""
        }
        let box = Box()
        DetachedThread.start(name: name, stackSize: 16 << 20) {
            var bytes = [UInt8](repeating: 0, count: 64)
            bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { _ = pthread_getname_np(pthread_self(), $0.baseAddress!, $0.count) }
            }
            box.condition.lock()
            box.name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            box.thread = pthread_self()
            box.condition.unlock()
        }
        for _ in 0..<10_000 {
            box.condition.lock()
            let ran = box.thread.map { ($0, box.name) }
            box.condition.unlock()
            if let ran { return ran }
            usleep(1_000)
        }
        Issue.record("the detached thread named \(name) did not run within 10 s")
        return nil
    }
}
