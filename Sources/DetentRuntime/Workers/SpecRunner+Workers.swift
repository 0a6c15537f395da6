import DetentPlatform
import Dispatch
import FoundationEssentials
import NIOConcurrencyHelpers
import DetentJSON
import DetentReports

extension SpecRunner {
    /// This run's pool of worker processes (nil without `workerCommand`).
    func workerPool() -> WorkerPool? {
        guard let workerCommand else { return nil }
        return shared.withLockedValue { shared in
            if let pool = shared.pool { return pool }
            let pool = WorkerPool(command: workerCommand, limits: workerLimits, census: workerCensus)
            shared.pool = pool
            return pool
        }
    }

    /// Starts `count` coordinator threads, each taking files off the board and running them in
    /// a worker process from `pool`; the board gets their outcomes exactly as from threads of
    /// this process. `group` is left when a thread ends, its worker back in the pool.
    func startProcessSlots(_ count: Int, files: [String], board: FileOutcomeBoard, pool: WorkerPool, group: DispatchGroup) {
        for number in 1...count {
            group.enter()
            DetachedThread.start(name: "run-slot\(number)") { [self] in
                var worker: WorkerProcess?
                while let index = board.take() {
                    do {
                        worker = try runInWorker(first: index, files: files, board: board, pool: pool, worker: worker)
                    } catch {
                        worker = nil   // runInWorker stopped it and failed its files
                    }
                }
                if let worker { pool.giveBack(worker) }
                group.leave()
            }
        }
    }

    /// A file sent to a worker: its place on the board, and how many of its tests a fresh
    /// worker passes by (they were reported before the last one was stopped).
    private struct SentFile {
        var index: Int
        var skipping = 0
    }

    /// Runs file `first` in `worker` (or one from the pool) and, while it runs, the files it
    /// takes next — one at a time queued in the worker behind the running one, so the worker
    /// never waits for a round trip between files. Goes on in a fresh worker after one that
    /// was stopped or died; returns the worker to use next once no file is left in it.
    private func runInWorker(first: Int, files: [String], board: FileOutcomeBoard, pool: WorkerPool,
                             worker given: WorkerProcess?) throws -> WorkerProcess? {
        let limits = pool.limits
        var sent = [SentFile(index: first)]
        var worker = given
        func request(_ file: SentFile) -> String {
            WorkerRequest.run(index: file.index, path: files[file.index], text: inlineSources[files[file.index]], skipping: file.skipping).json.text
        }
        do {
            while true {
                let current = try worker ?? pool.take()
                worker = current
                guard sent.allSatisfy({ current.send(request($0)) }) else {
                    // It went away while idle: start another for the same files.
                    pool.discard(current, replaced: false)
                    worker = nil
                    continue
                }
                var running: TestResult?
                var deadline = WorkerProcess.monotonicNow() + limits.testTimeoutSeconds
                var sentStop = false
                var cancelledAt: Double?
                let stopReason: String
                // Outcomes read but not yet on the board: handed over when no further line is
                // waiting, so the reporter wakes once a batch, not once a line.
                var pending: [SessionOutcome] = []
                func handOver() {
                    if !pending.isEmpty { board.append(contentsOf: pending, file: sent[0].index) }
                    pending = []
                }
                // The next file goes to the worker now, queued behind the running one.
                func takeAhead() {
                    guard sent.count < 2, !sentStop, cancelledAt == nil, let next = board.take() else { return }
                    sent.append(SentFile(index: next))
                    current.send(request(sent[sent.count - 1]))
                }
                takeAhead()
                reading: while true {
                    if !pending.isEmpty && !current.hasBufferedLine { handOver() }
                    if !sentStop && board.isStopping {
                        sentStop = true
                        current.send(WorkerRequest.stop.json.text)
                    }
                    if cancelledAt == nil && isCancelled {
                        cancelledAt = WorkerProcess.monotonicNow()
                        current.send(WorkerRequest.cancel.json.text)
                    }
                    let line: [UInt8]
                    do {
                        line = try current.readLine(deadline: min(deadline, WorkerProcess.monotonicNow() + 0.05), limit: limits.lineBytes,
                                                    first: UInt8(ascii: "{"))
                    } catch .timedOut {
                        let now = WorkerProcess.monotonicNow()
                        if let cancelledAt, now - cancelledAt > limits.answerSeconds {
                            stopReason = "no answer \(Self.seconds(limits.answerSeconds)) after the cancel; worker killed"
                            break reading
                        }
                        if now >= deadline {
                            stopReason = "no result after \(Self.seconds(limits.testTimeoutSeconds)) (test_timeout_seconds in runner.toml); worker killed"
                            break reading
                        }
                        continue
                    } catch .closed {
                        let ending = current.reap(wait: true)!
                        let tail = current.standardErrorTail().trimmingTrailingNewlines
                        stopReason = WorkerServer.describe(ending) + (tail.isEmpty ? "" : "; its standard error ended: \(tail.suffix(600))")
                        break reading
                    } catch .malformed {
                        stopReason = "the worker's pipe carried what is not its protocol (written to by the test?); worker killed"
                        break reading
                    } catch let .tooLong(count) {
                        stopReason = "the worker sent a line of more than \(count) bytes (its pipe flooded); worker killed"
                        break reading
                    }
                    let reply: WorkerReply
                    do { reply = try WorkerReply(JSONValue.parse(line)) } catch {
                        stopReason = "the worker's pipe carried what is not its protocol (\(String(decoding: line.prefix(60), as: UTF8.self))…); worker killed"
                        break reading
                    }
                    switch reply {
                    case let .outcome(outcome):
                        switch outcome {
                        case let .testStarted(test):
                            // One a step of the file (a test, or a block's error), which a fresh
                            // worker passes by; its reports follow.
                            running = test
                            sent[0].skipping += 1
                            deadline = WorkerProcess.monotonicNow() + limits.testTimeoutSeconds
                        case .testFinished:
                            running = nil
                            deadline = WorkerProcess.monotonicNow() + limits.testTimeoutSeconds
                        default: break
                        }
                        pending.append(outcome)
                    case let .done(index, coverage):
                        guard index == sent[0].index else {
                            stopReason = "the worker finished file \(index) while running file \(sent[0].index); worker killed"
                            break reading
                        }
                        handOver()
                        if !coverage.isEmpty { shared.withLockedValue { $0.coverage.merge(coverage) { $0.merging($1, uniquingKeysWith: +) } } }
                        board.finish(file: index)
                        sent.removeFirst()
                        running = nil
                        deadline = WorkerProcess.monotonicNow() + limits.testTimeoutSeconds
                        takeAhead()
                        if sent.isEmpty { return current }
                    case let .usageError(message):
                        // A bad pattern: the run's usage error (exit 2).
                        handOver()
                        pool.discard(current, replaced: false)
                        worker = nil
                        throw UsageError(description: message)
                    case .ready:
                        stopReason = "the worker said it was ready in the middle of a file; worker killed"
                        break reading
                    }
                }
                handOver()
                // The worker is stopped (or gone): the running test is an error naming why, and a
                // fresh worker goes on with the file's next test (and the file queued behind it).
                pool.discard(current, replaced: true)
                worker = nil
                let path = files[sent[0].index]
                if var test = running {
                    test.status = .error
                    test.message = cancelledAt != nil ? "\(test.location): test stopped: interrupted (\(stopReason))"
                                                      : "\(test.location): test stopped: \(stopReason)"
                    board.append(.testFinished(test), file: sent[0].index)
                } else {
                    board.append(.loadFailed(file: path, message: "\(path): stopped outside any test: \(stopReason)"), file: sent[0].index)
                    board.finish(file: sent[0].index)
                    sent.removeFirst()
                }
                if isCancelled {
                    for file in sent { board.finish(file: file.index) }
                    return nil
                }
                if sent.isEmpty { return nil }
            }
        } catch {
            // The files this worker had are the run's failure (a usage error, a worker that
            // could not start): each says so, and the coordinator stops at the first.
            for file in sent { board.fail(file: file.index, error: error) }
            throw error
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

extension String {
    /// Without the newlines at its end.
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" || text.last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
