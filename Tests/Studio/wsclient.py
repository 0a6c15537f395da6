"""A small WebSocket client on Python's standard library (RFC 6455: the opening handshake,
masked text frames out, frames in), so the studio's tests talk to `detent daemon --http` with
a client that is not Detent's. Enough for JSON-RPC messages: text frames, pings answered,
close frames reported."""
import base64
import hashlib
import json
import os
import socket
import struct

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455 §1.3


class Refused(Exception):
    """The server answered the upgrade with something other than 101."""
    def __init__(self, status_line, headers):
        super().__init__(status_line)
        self.status_line = status_line
        self.headers = headers


class Closed(Exception):
    def __init__(self, code):
        super().__init__(f"closed with code {code}")
        self.code = code


class WebSocket:
    def __init__(self, port, path="/ws", host=None, origin=None, cookie=None, timeout=20):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if origin:
            lines.append(f"Origin: {origin}")
        if cookie:
            lines.append(f"Cookie: {cookie}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                break
            head += chunk
        status, *header_lines = head.decode("latin-1").split("\r\n")
        headers = {}
        for line in header_lines:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        if " 101 " not in status + " ":
            self.sock.close()
            raise Refused(status, headers)
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        if headers.get("sec-websocket-accept") != accept:
            raise Refused(f"bad Sec-WebSocket-Accept: {headers.get('sec-websocket-accept')!r}, expected {accept!r}", headers)
        self.buffered = []

    def send_text(self, text):
        data = text.encode()
        mask = os.urandom(4)
        if len(data) < 126:
            header = bytes([0x81, 0x80 | len(data)])
        elif len(data) < 65536:
            header = bytes([0x81, 0x80 | 126]) + struct.pack(">H", len(data))
        else:
            header = bytes([0x81, 0x80 | 127]) + struct.pack(">Q", len(data))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk:
                raise Closed(1006)
            data += chunk
        return data

    def receive_text(self):
        """The next text message (pings answered on the way); Closed on a close frame."""
        while True:
            first, second = self._exactly(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._exactly(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._exactly(8))[0]
            payload = self._exactly(length)
            opcode = first & 0x0F
            if opcode == 0x1:
                return payload.decode()
            if opcode == 0x8:
                raise Closed(struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else 1005)
            if opcode == 0x9:
                mask = os.urandom(4)
                self.sock.sendall(bytes([0x8A, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self):
        return json.loads(self.receive_text())

    def request(self, id_, method, params=None):
        """Sends a request and returns its response; notifications on the way are kept."""
        self.send_text(json.dumps({"jsonrpc": "2.0", "id": id_, "method": method, "params": params or {}}))
        while True:
            message = self.receive()
            if message.get("id") == id_:
                return message
            self.buffered.append(message)

    def notifications(self):
        kept, self.buffered = self.buffered, []
        return kept

    def close(self):
        try:
            self.sock.sendall(bytes([0x88, 0x82]) + b"\0\0\0\0" + struct.pack(">H", 1000))
        except OSError:
            pass
        self.sock.close()
