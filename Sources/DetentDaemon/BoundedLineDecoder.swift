import DetentDaemonClient
import NIOCore

/// Splits the byte stream into newline-terminated lines, never holding more than
/// `maxLength` bytes of one line. A longer line is reported once as `.tooLong` and its
/// remaining bytes are discarded as they arrive, up to and including its newline, so a
/// hostile client cannot make the daemon buffer an unbounded message. (swift-nio-extras'
/// `LineBasedFrameDecoder` has no such bound, hence this decoder.) A trailing `\r` is
/// dropped, so `\r\n` framing works too.
public struct BoundedLineDecoder: ByteToMessageDecoder {
    public enum Frame: Equatable, Sendable {
        case line(ByteBuffer)
        /// A line longer than the limit was refused; `bytes` is how much of it arrived
        /// before the decoder gave up on it.
        case tooLong(bytes: Int)
    }
    public typealias InboundOut = Frame

    public let maxLength: Int
    /// Inside an oversized line: discard until its newline.
    private var discarding = false
    /// How far into the buffer no newline was found yet.
    private var scanned = 0

    public init(maxLength: Int) {
        self.maxLength = maxLength
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        if discarding {
            if let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
                buffer.moveReaderIndex(to: newline + 1)
                discarding = false
                scanned = 0
                return .continue
            }
            buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
            return .needMoreData
        }
        let view = buffer.readableBytesView
        let start = view.startIndex + scanned
        if let newline = view[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - view.startIndex
            scanned = 0
            if length > maxLength {
                buffer.moveReaderIndex(forwardBy: length + 1)
                context.fireChannelRead(wrapInboundOut(.tooLong(bytes: length)))
                return .continue
            }
            var line = buffer.readSlice(length: length)!
            buffer.moveReaderIndex(forwardBy: 1)
            if line.readableBytes > 0, line.getInteger(at: line.writerIndex - 1, as: UInt8.self) == UInt8(ascii: "\r") {
                line.moveWriterIndex(to: line.writerIndex - 1)
            }
            context.fireChannelRead(wrapInboundOut(.line(line)))
            return .continue
        }
        if view.count > maxLength {
            // No newline within the limit: refuse the line now and drop what came of it.
            let received = view.count
            buffer.moveReaderIndex(forwardBy: received)
            discarding = true
            scanned = 0
            context.fireChannelRead(wrapInboundOut(.tooLong(bytes: received)))
            return .needMoreData
        }
        scanned = view.count
        return .needMoreData
    }

    public mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        // A last line without its newline still counts (a client that writes and shuts down).
        while try decode(context: context, buffer: &buffer) == .continue {}
        if !discarding, buffer.readableBytes > 0 {
            let line = buffer.readSlice(length: buffer.readableBytes)!
            context.fireChannelRead(wrapInboundOut(.line(line)))
        }
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
        return .needMoreData
    }
}
