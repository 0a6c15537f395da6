import DetentPlatform
import Dispatch
import FoundationEssentials
import NIOConcurrencyHelpers

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

    /// Starts the first worker now, while the coordinator still finds its files: a worker's
    /// start-up (a process, its config, its Lua state; ~8 ms) overlaps the coordinator's own
    /// instead of following it. It waits in the pool for the first file; a run with no file
    /// stops it at its end. Nothing happens without `workerCommand`.
    public func prestartWorker() {
        guard let pool = workerPool() else { return }
        DispatchQueue.global().async {
            if let worker = try? pool.take() { pool.giveBack(worker) }
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
                        worker = try runInWorker(files[index], index: index, board: board, pool: pool, worker: worker)
                        board.finish(file: index)
                    } catch {
                        worker = nil   // runInWorker stopped it
                        board.fail(file: index, error: error)
                    }
                }
                if let worker { pool.giveBack(worker) }
                group.leave()
            }
        }
    }

    /// Runs file `index` in `worker` (or one from the pool), going on in a fresh worker after
    /// one that was stopped or died, and returns the worker to use next (nil if none is left).
    private func runInWorker(_ path: String, index: Int, board: FileOutcomeBoard, pool: WorkerPool,
                             worker given: WorkerProcess?) throws -> WorkerProcess? {
        let limits = pool.limits
        var skipping = 0
        var worker = given
        while true {
            let current = try worker ?? pool.take()
            worker = current
            guard current.send(WorkerRequest.run(index: index, path: path, text: inlineSources[path], skipping: skipping).json.text) else {
                // It went away while idle: start another for the same file.
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
                if !pending.isEmpty { board.append(contentsOf: pending, file: index) }
                pending = []
            }
            defer { handOver() }
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
                        running = test
                        deadline = WorkerProcess.monotonicNow() + limits.testTimeoutSeconds
                    case .testFinished:
                        running = nil
                        skipping += 1
                        deadline = WorkerProcess.monotonicNow() + limits.testTimeoutSeconds
                    default: break
                    }
                    pending.append(outcome)
                case let .done(_, coverage):
                    if !coverage.isEmpty { shared.withLockedValue { $0.coverage.merge(coverage) { $0.merging($1, uniquingKeysWith: +) } } }
                    return current
                case let .usageError(message):
                    // A bad pattern: the run's usage error (exit 2).
                    pool.discard(current, replaced: false)
                    throw UsageError(description: message)
                case .ready:
                    stopReason = "the worker said it was ready in the middle of a file; worker killed"
                    break reading
                }
            }
            handOver()
            // The worker is stopped (or gone): the running test is an error naming why, and a
            // fresh worker goes on with the file's next test.
            pool.discard(current, replaced: true)
            worker = nil
            guard var test = running else {
                board.append(.loadFailed(file: path, message: "\(path): stopped outside any test: \(stopReason)"), file: index)
                return nil
            }
            test.status = .error
            test.message = "\(test.location): test stopped: \(stopReason)"
            if cancelledAt != nil {
                test.message = "\(test.location): test stopped: interrupted (\(stopReason))"
            }
            board.append(.testFinished(test), file: index)
            skipping += 1
            if isCancelled { return nil }
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
