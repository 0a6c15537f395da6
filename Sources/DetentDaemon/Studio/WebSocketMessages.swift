import NIOCore
import NIOWebSocket

/// Carries the daemon's JSON-RPC lines over a WebSocket, one message per frame, so the studio's
/// connection is a `ClientConnection` like any other (the same methods, notifications, limits
/// and back-pressure). Inbound: a whole text message (fragments joined by
/// `NIOWebSocketFrameAggregator`, bounded by `max_message_bytes`) becomes one line; pings are
/// answered; a close is answered and closes. Binary messages are refused with close code 1003.
/// Outbound: each line (its `\n` dropped) becomes one text frame; closing sends a close frame
/// (1001, going away) first, so a page can tell a daemon that stops from a broken link.
final class WebSocketMessages: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = BoundedLineDecoder.Frame
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = WebSocketFrame

    /// The last frame written: an empty write (ClientConnection's "after what is queued")
    /// completes when it does.
    private var lastWrite: EventLoopFuture<Void>?
    private var closeSent = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            context.fireChannelRead(wrapInboundOut(.line(frame.unmaskedData)))
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            var data = frame.unmaskedData
            let code = data.readSlice(length: 2) ?? ByteBuffer()
            sendClose(context: context, data: code)
        case .binary:
            var code = context.channel.allocator.buffer(capacity: 2)
            code.write(webSocketErrorCode: .unacceptableData)
            sendClose(context: context, data: code)
        default:
            break
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        var buffer = unwrapOutboundIn(data)
        if buffer.readableBytes > 0, buffer.getInteger(at: buffer.writerIndex - 1, as: UInt8.self) == UInt8(ascii: "\n") {
            buffer.moveWriterIndex(to: buffer.writerIndex - 1)
        }
        guard buffer.readableBytes > 0 else {
            if let lastWrite { lastWrite.cascade(to: promise) } else { promise?.succeed(()) }
            return
        }
        let written = context.eventLoop.makePromise(of: Void.self)
        context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: written)
        lastWrite = written.futureResult
        written.futureResult.cascade(to: promise)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode == .all, !closeSent, context.channel.isActive else { context.close(mode: mode, promise: promise); return }
        closeSent = true
        var code = context.channel.allocator.buffer(capacity: 2)
        code.write(webSocketErrorCode: .goingAway)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: code)))
            .whenComplete { _ in bound.value.close(mode: mode, promise: promise) }
    }

    private func sendClose(context: ChannelHandlerContext, data: ByteBuffer) {
        guard !closeSent else { context.close(promise: nil); return }
        closeSent = true
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
            .whenComplete { _ in bound.value.close(promise: nil) }
    }
}
