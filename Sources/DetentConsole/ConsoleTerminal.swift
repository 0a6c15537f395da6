import DetentPlatform
import Dispatch
import DetentRuntime
import FoundationEssentials
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#endif

/// `detent console` on a terminal: one thread owns the terminal and libedit, and waits in
/// `poll` for a key, for news from elsewhere (printed output, an evaluation's end, Ctrl-C)
/// or for the next redraw of the status line.
///
/// While code runs no prompt is shown (the prompt waits, real time passes); Ctrl-C stops it
/// and the prompt comes back. The status line sits on the line above the prompt and is
/// redrawn there with the cursor saved and restored, so the line being typed is untouched.
public final class ConsoleTerminal {
    private let console: Console
    private let mailbox = Mailbox()
    private var editor: LineEditor!
    private var evaluating = false
    /// Which evaluation the prompt waits for: one abandoned by a second Ctrl-C may still
    /// answer later, and is not reported then.
    private var evaluationNumber = 0
    /// Ctrl-C presses while the current evaluation runs.
    private var interruptsWhileEvaluating = 0
    private var quitting = false
    private var interrupts: DispatchSourceSignal?
    /// Whether a status line is on screen above the prompt (or, while code runs, on the current line).
    private var statusDrawn = false

    public init(console: Console) {
        self.console = console
    }

    /// Where the history file lives: `$XDG_STATE_HOME/detent/console_history`, else
    /// `~/.local/state/detent/console_history` (the XDG default); the folder is created.
    public static func historyFile() -> String? {
        let environment = ProcessInfo.processInfo.environment
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.local/state" }
        guard let state else { return nil }
        let folder = state + "/detent"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/console_history"
    }

    /// Runs until Ctrl-D or `:quit`.
    public func run(banner: String) {
        let mailbox = self.mailbox
        let evaluator = console.evaluator
        // Commands and results are written by this thread, between edits; what code prints
        // comes from the session's queue, at any time, through the mailbox.
        console.write = { [unowned self] in self.put($0) }
        evaluator.onOutput = { mailbox.post(.output($0 + "\n")) }
        signal(SIGINT, SIG_IGN)
        let interrupts = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "detent.console.sigint"))
        interrupts.setEventHandler { [weak self] in
            // Stopping running code must not wait for the terminal's thread.
            if self?.mailbox.isEvaluating == true { evaluator.interrupt() }
            mailbox.post(.interrupt)
        }
        interrupts.resume()
        self.interrupts = interrupts
        editor = LineEditor(historyFile: ConsoleTerminal.historyFile(), complete: { evaluator.completions(of: $0) },
                            onLine: { [unowned self] line in self.lineDone(line) })
        print(banner)
        showPrompt()
        while !quitting {
            var fds = [pollfd(fd: editor.isEditing ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: mailbox.readEnd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, console.statusShown ? 100 : -1)
            if fds[1].revents != 0 { for message in mailbox.take() { handle(message) } }
            if !quitting, editor.isEditing, fds[0].revents != 0 { editor.readCharacter() }
            if !quitting, console.statusShown { redrawStatus() }
        }
        editor.close()
        interrupts.cancel()
        signal(SIGINT, SIG_DFL)
    }

    // MARK: Lines

    private func lineDone(_ line: String?) {
        guard let line else {
            print("")
            quitting = true
            return
        }
        statusDrawn = false
        // A chunk typed over several lines is one history entry once it is complete, as in
        // lua.c, so up-arrow brings back the whole function, not its last line.
        let chunk = (console.pending + [line]).joined(separator: "\n")
        let action = console.accept(line)
        if action != .more { editor.remember(chunk) }
        switch action {
        case .prompt: showPrompt()
        case .more: editor.start(prompt: ">> ")
        case let .evaluate(code, chunkName): evaluate(code, chunkName: chunkName)
        case .quit: quitting = true
        }
    }

    private func evaluate(_ code: String, chunkName: String) {
        editor.stop()
        evaluating = true
        interruptsWhileEvaluating = 0
        evaluationNumber += 1
        mailbox.isEvaluating = true
        let mailbox = self.mailbox, number = evaluationNumber
        console.evaluate(code, chunkName: chunkName) { mailbox.post(.finished($0, number)) }
    }

    private func showPrompt() {
        guard !quitting else { return }
        if console.statusShown, let text = console.currentStatus(width: width) {
            put(text + "\n")
            statusDrawn = true
        }
        editor.start(prompt: console.pending.isEmpty ? "> " : ">> ")
    }

    // MARK: News

    private func handle(_ message: Mailbox.Message) {
        switch message {
        case let .output(text):
            printAbove(text)
        case let .finished(evaluation, number):
            guard number == evaluationNumber, evaluating else { return }   // one left behind
            evaluating = false
            mailbox.isEvaluating = false
            clearStatusWhileRunning()
            console.report(evaluation)
            showPrompt()
        case .interrupt:
            if evaluating {
                // The first Ctrl-C stops Lua code and waits; a second gives the prompt back
                // from code that does not stop (native code stuck over --connect).
                interruptsWhileEvaluating += 1
                guard interruptsWhileEvaluating >= 2 else { return }
                evaluating = false
                mailbox.isEvaluating = false
                clearStatusWhileRunning()
                put("the evaluation does not stop (stuck in native code?); left behind — :restart gives the session a fresh world\n")
                showPrompt()
                return
            }
            // Ctrl-C at the prompt drops the line (and a chunk being continued).
            editor.abandonLine()
            console.abandonChunk()
            put("\n")
            statusDrawn = false
            showPrompt()
        }
    }

    /// Prints `text` where it does not disturb the prompt: above it (and above the status
    /// line), then draws the status line and the prompt with the line being typed again.
    private func printAbove(_ text: String) {
        if editor.isEditing {
            // Up to the status line (or the prompt's first row) — a long typed line wraps.
            let up = editor.cursorRow(columns: columns) + (statusDrawn ? 1 : 0)
            put((up > 0 ? "\u{1B}[\(up)A" : "") + "\r\u{1B}[J")
            put(text)
            if statusDrawn, let status = console.currentStatus(width: width) { put(status + "\n") }
            editor.redisplay()
        } else {
            clearStatusWhileRunning()
            put(text)
        }
    }

    /// While code runs the status line is drawn on the current line; take it away.
    private func clearStatusWhileRunning() {
        if !editor.isEditing, statusDrawn {
            put("\r\u{1B}[2K")
            statusDrawn = false
        }
    }

    private func redrawStatus() {
        guard let text = console.currentStatus(width: width) else { return }
        if editor.isEditing {
            guard statusDrawn else { return }
            // Save the cursor, draw on the line above the prompt (above every row a long typed
            // line wrapped onto), restore: the typed line stays as it is.
            let up = editor.cursorRow(columns: columns) + 1
            put("\u{1B}7\u{1B}[\(up)A\r\u{1B}[2K" + text + "\u{1B}8")
        } else if evaluating {
            put("\r\u{1B}[2K" + text)
            statusDrawn = true
        }
    }

    /// The terminal's columns.
    private var columns: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 81 }
        return Int(size.ws_col)
    }

    /// The status line's width: one short of the terminal's, so it never wraps.
    private var width: Int { columns - 1 }

    private func put(_ text: String) {
        StandardOutput.write(text)
    }
}

/// News for the terminal's thread from other threads, with a pipe to wake its `poll`.
final class Mailbox: @unchecked Sendable {
    enum Message {
        case output(String)
        /// An evaluation's answer, with its number (`ConsoleTerminal.evaluationNumber`).
        case finished(ConsoleEvaluation, Int)
        case interrupt
    }

    private let lock = NIOLock()
    private var messages: [Message] = []
    private var evaluatingFlag = false
    let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "cannot create the console's wake-up pipe")
        readEnd = ends[0]
        writeEnd = ends[1]
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Whether an evaluation runs (read by the Ctrl-C handler).
    var isEvaluating: Bool {
        get { lock.withLock { evaluatingFlag } }
        set { lock.withLock { evaluatingFlag = newValue } }
    }

    func post(_ message: Message) {
        lock.withLock { messages.append(message) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The messages posted so far, in order.
    func take() -> [Message] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        return lock.withLock {
            defer { messages.removeAll() }
            return messages
        }
    }
}
