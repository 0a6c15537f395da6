import NIOCore
import NIOHTTP1

/// Answers the studio's plain HTTP requests: the page's files (`StudioPage`) to a request that
/// names the studio's host and carries the token (`StudioAccess`), 403 to any other, 405 to a
/// method other than GET or HEAD, 404 to a path the page does not have. A request for the
/// WebSocket that reaches this handler was refused by the upgrader (a foreign `Origin`, no
/// token, not an upgrade): 403. The first visit with `?token=` sets the token's cookie, so the
/// page's own files and its WebSocket need no token in their URLs.
final class StudioHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let access: StudioAccess
    private var head: HTTPRequestHead?

    init(access: StudioAccess) {
        self.access = access
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let host = head.headers["Host"].first ?? ""
        let (path, query) = StudioHTTPHandler.split(head.uri)
        guard access.allowsHost(host) else {
            return send(.forbidden, "403 Forbidden: this studio answers only to its own address (Host \(host.isEmpty ? "missing" : "'\(host)'")).\n",
                        head: head, host: host, context: context)
        }
        guard access.isAuthorized(query: query, cookies: head.headers["Cookie"]) else {
            return send(.forbidden, "403 Forbidden: open the URL `detent daemon --http` printed; it carries the token.\n",
                        head: head, host: host, context: context)
        }
        guard head.method == .GET || head.method == .HEAD else {
            return send(.methodNotAllowed, "405 Method Not Allowed: the studio serves GET only.\n", head: head, host: host, context: context,
                        extra: [("Allow", "GET, HEAD")])
        }
        if path == StudioPage.socketPath {
            return send(.forbidden, "403 Forbidden: a WebSocket is opened only from the studio's own page (Origin http://\(host)).\n",
                        head: head, host: host, context: context)
        }
        guard let file = StudioPage.files[path] else {
            return send(.notFound, "404 Not Found: \(path)\n", head: head, host: host, context: context)
        }
        var extra: [(String, String)] = []
        if access.queryCarriesToken(query) {
            extra.append(("Set-Cookie", "\(access.cookieName)=\(access.token); Path=/; HttpOnly; SameSite=Strict"))
        }
        send(.ok, file.bytes, contentType: file.contentType, head: head, host: host, context: context, extra: extra)
    }

    private func send(_ status: HTTPResponseStatus, _ text: String, head: HTTPRequestHead, host: String, context: ChannelHandlerContext,
                      extra: [(String, String)] = []) {
        send(status, Array(text.utf8), contentType: "text/plain; charset=utf-8", head: head, host: host, context: context, extra: extra)
    }

    private func send(_ status: HTTPResponseStatus, _ body: [UInt8], contentType: String, head: HTTPRequestHead, host: String,
                      context: ChannelHandlerContext, extra: [(String, String)]) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Content-Length", value: "\(body.count)")
        for (name, value) in access.securityHeaders(host: access.allowsHost(host) ? host : "127.0.0.1") + extra {
            headers.add(name: name, value: value)
        }
        let keepAlive = head.isKeepAlive && status == .ok
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        if head.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            done.whenComplete { _ in bound.value.close(promise: nil) }
        }
    }

    /// "/path?query" as (path, query).
    static func split(_ uri: String) -> (path: String, query: String?) {
        guard let mark = uri.firstIndex(of: "?") else { return (uri, nil) }
        return (String(uri[..<mark]), String(uri[uri.index(after: mark)...]))
    }
}
