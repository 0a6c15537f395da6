import DetentPlatform
import NIOCore

/// Who may use Detent Studio (`detent daemon --http`), as Jupyter guards its server: a random
/// token that the printed URL carries (`/?token=…`) and that the page then keeps in a
/// same-site cookie; a `Host` that names the loopback address the studio listens on (a page
/// whose name was rebound to 127.0.0.1 by DNS sends its own name, and is refused); a
/// WebSocket whose `Origin`, when a browser sends one, is the studio's own page. Everything
/// else gets 403. The token is compared in constant time: it guards code execution.
public struct StudioAccess: Sendable {
    public let token: String
    /// The port the studio listens on (what its cookie is named after).
    public let port: Int
    /// The `Host` values a request may carry: the address and `localhost`, with the port.
    let hosts: Set<String>

    /// `address`: where the studio listens (loopback, port resolved).
    public init(token: String, address: SocketAddress) {
        self.token = token
        port = address.port ?? 0
        var names = ["localhost"]
        switch address {
        case .v6: names.append("[\(address.ipAddress ?? "::1")]")
        default: names.append(address.ipAddress ?? "127.0.0.1")
        }
        hosts = Set(names.map { "\($0):\(address.port ?? 0)" })
    }

    /// 32 random bytes as 64 hex digits (the system's generator: getrandom(2)).
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }.joined()
    }

    /// The page's address, as the daemon prints it.
    public func url(host: String) -> String { "http://\(host)/?token=\(token)" }

    /// The cookie the page keeps the token in; named after the port, so two daemons on one
    /// machine do not overwrite each other's.
    public var cookieName: String { "detent_studio_\(port)" }

    /// Whether `host` (a request's `Host` header) names this studio.
    func allowsHost(_ host: String?) -> Bool {
        guard let host else { return false }
        return hosts.contains(host.lowercased())
    }

    /// Whether a WebSocket from `origin` may open: none (not a browser: the token decides) or
    /// this studio's own page, `http://` + the request's `Host`.
    func allowsOrigin(_ origin: String?, host: String) -> Bool {
        guard let origin else { return true }
        return origin.lowercased() == "http://" + host.lowercased()
    }

    /// Whether the request carries the token: in its query (`token=`) or in the cookie.
    func isAuthorized(query: String?, cookies: [String]) -> Bool {
        if let given = StudioAccess.parameter("token", in: query), matches(given) { return true }
        for header in cookies {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
                if parts.count == 2, parts[0] == cookieName, matches(parts[1]) { return true }
            }
        }
        return false
    }

    /// Whether the query carries the token (the first visit, which sets the cookie).
    func queryCarriesToken(_ query: String?) -> Bool {
        StudioAccess.parameter("token", in: query).map(matches) ?? false
    }

    private func matches(_ given: String) -> Bool {
        let a = Array(given.utf8), b = Array(token.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<min(a.count, b.count) { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    /// The percent-decoded value of `name` in a query string (`a=1&token=…`), if present.
    static func parameter(_ name: String, in query: String?) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == name { return percentDecoded(parts[1]) }
        }
        return nil
    }

    private static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Headers every studio response carries: a Content-Security-Policy that lets the page load
    /// only its own files and talk only to its own WebSocket, no framing, no referrer (the
    /// first URL carries the token), no caching, no type sniffing.
    func securityHeaders(host: String) -> [(String, String)] {
        [
            ("Content-Security-Policy",
             "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws://\(host); base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-store"),
            ("X-Frame-Options", "DENY"),
        ]
    }
}
