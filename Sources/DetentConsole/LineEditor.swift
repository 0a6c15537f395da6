// libedit keeps its state in C globals, which Swift 6 cannot prove are used from one thread:
// they are — the console's input thread owns the one editor of the process (see below).
@preconcurrency import CEditLine
#if canImport(Glibc)
import Glibc
#endif

/// Line editing through libedit's readline-compatible *callback* interface: the console owns
/// the loop (it polls standard input beside its own wake-ups), and feeds libedit a character
/// whenever one is ready. History lives in a file; Tab asks `complete` for the words that
/// complete the word before the cursor. libedit keeps its state in globals, so there is one
/// editor per process, used from one thread.
final class LineEditor {
    /// Called with each finished line, or nil at end of input (Ctrl-D on an empty line).
    private let onLine: (String?) -> Void
    private let historyFile: String?
    private var installed = false

    /// Word-break characters for completion: Lua's operators and brackets, but not `.` and
    /// `:`, so that `detent.wo` and `d:mo` are completed as whole words.
    nonisolated(unsafe) private static let wordBreaks = strdup(" \t\n\"'`@$><=;|&{}()[],+-*/%^#~")!

    init(historyFile: String?, complete: @escaping (String) -> [String], onLine: @escaping (String?) -> Void) {
        self.onLine = onLine
        self.historyFile = historyFile
        LineEditor.current = self
        LineEditor.complete = complete
        rl_catch_signals = 0
        rl_readline_name = UnsafePointer(strdup("detent"))
        rl_initialize()
        rl_basic_word_break_characters = UnsafePointer(LineEditor.wordBreaks)
        rl_completer_word_break_characters = LineEditor.wordBreaks
        rl_completion_append_character = 0
        rl_attempted_completion_function = { text, _, _ in
            rl_attempted_completion_over = 1
            LineEditor.matches = text.map { LineEditor.complete(String(cString: $0)) } ?? []
            guard !LineEditor.matches.isEmpty else { return nil }
            return rl_completion_matches(text) { _, state in
                if state == 0 { LineEditor.next = 0 }
                guard LineEditor.next < LineEditor.matches.count else { return nil }
                defer { LineEditor.next += 1 }
                return strdup(LineEditor.matches[LineEditor.next])
            }
        }
        stifle_history(1000)
        if let historyFile { _ = read_history(historyFile) }
    }

    // libedit's callbacks are C functions without context: they reach the editor here.
    nonisolated(unsafe) private static var current: LineEditor?
    nonisolated(unsafe) private static var complete: (String) -> [String] = { _ in [] }
    nonisolated(unsafe) private static var matches: [String] = []
    nonisolated(unsafe) private static var next = 0

    /// The prompt showing (for where the cursor is).
    private var prompt = ""

    /// How many terminal rows the cursor is below the prompt's row, for a typed line longer
    /// than the terminal is wide (`columns`): the status line is drawn that many rows plus one up.
    func cursorRow(columns: Int) -> Int {
        guard installed, columns > 0 else { return 0 }
        var typed = 0
        if let buffer = rl_line_buffer {
            let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(max(0, rl_point)))
            typed = String(decoding: bytes, as: UTF8.self).count
        }
        return (prompt.count + typed) / columns
    }

    /// Shows `prompt` and starts reading a line.
    func start(prompt: String) {
        self.prompt = prompt
        rl_callback_handler_install(prompt) { line in
            let text = line.map { String(cString: $0) }
            free(line)
            // The line is done: stop editing before the console looks at it.
            rl_callback_handler_remove()
            LineEditor.current?.installed = false
            LineEditor.current?.onLine(text)
        }
        installed = true
    }

    /// Stops editing while code runs: the terminal is back in its normal mode, so Ctrl-C
    /// interrupts and keys typed meanwhile wait in its queue.
    func stop() {
        guard installed else { return }
        rl_callback_handler_remove()
        installed = false
    }

    /// Whether a line is being edited (a prompt is showing).
    var isEditing: Bool { installed }

    /// Reads the character that is ready on standard input.
    func readCharacter() { rl_callback_read_char() }

    /// Drops the line being typed (Ctrl-C at the prompt) and stops editing.
    func abandonLine() {
        guard installed else { return }
        rl_replace_line("", 0)
        rl_callback_handler_remove()
        installed = false
    }

    /// Redraws the prompt and the line being typed after the console printed above it.
    func redisplay() {
        guard installed else { return }
        rl_forced_update_display()
    }

    /// Adds a line to the history and saves the file, so a second session recalls it.
    func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        add_history(line)
        if let historyFile { _ = write_history(historyFile) }
    }

    /// Restores the terminal.
    func close() {
        if installed { rl_callback_handler_remove() }
        installed = false
        if let historyFile { _ = write_history(historyFile) }
    }
}
