import DetentDaemonClient
import DetentRuntime
import DetentConfig

/// What serves the requests of a client's connection (`ClientConnection`): the daemon itself,
/// or a live session's worker process, for a connection attached to that session
/// (`session/attach`). Both bound a connection by the same `[limits]` of `config/daemon.toml`.
protocol ConnectionServer: AnyObject, Sendable {
    var config: DaemonConfiguration { get }
    /// Registers a client; false when no more may connect (`max_clients`).
    func clientConnected(_ client: ClientConnection) -> Bool
    /// The client went away: what it held ends.
    func clientGone(_ client: ClientConnection)
    /// Whether `given` is the token a TCP client must send first.
    func checkToken(_ given: String) -> Bool
    /// Answers one request; `reply` may run on any thread, exactly once.
    func handle(_ request: JSONRPC.Request, from client: ClientConnection, reply: @escaping Daemon.Reply)
}

extension Daemon: ConnectionServer {}
