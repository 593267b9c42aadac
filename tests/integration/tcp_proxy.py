"""A TCP proxy that a test (or bench/soak.py) can cut and restore: the processes it starts reach
Redis through it, so that Redis becomes unreachable for them alone, as in an outage, while
the shared Redis server goes on serving everyone else.

    proxy = TcpProxy("127.0.0.1", 6379)   # listens on proxy.port
    proxy.cut()       # open connections are reset, new ones refused
    proxy.restore()   # listens again on the same port
    proxy.close()
"""

from __future__ import annotations

import socket
import struct
import threading


class TcpProxy:
    """Forward connections from 127.0.0.1:``port`` (chosen when 0) to ``host``:``target``, each
    in two threads. ``cut()`` makes the target unreachable (connections reset, the port
    closed), ``restore()`` reachable again on the same port."""

    def __init__(self, host: str, target: int, port: int = 0):
        self.host, self.target = host, target
        self.lock = threading.Lock()
        self.connections: list[socket.socket] = []
        self.listener = self._listen(port)
        self.port = self.listener.getsockname()[1]

    def _listen(self, port: int) -> socket.socket:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen(128)
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return listener

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _address = listener.accept()
            except OSError:  # the listener was closed: cut
                return
            try:
                upstream = socket.create_connection((self.host, self.target), timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self.lock:
                self.connections += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        """Refuse new connections and reset the open ones."""
        try:  # wakes the accepting thread: a close alone leaves it accepting one more
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()
        with self.lock:
            connections, self.connections = self.connections, []
        for connection in connections:
            try:
                # Linger 0: the peer reads a reset, as when a server goes away.
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            try:
                connection.close()
            except OSError:
                pass

    def restore(self) -> None:
        """Listen again on the same port."""
        self.listener = self._listen(self.port)

    def close(self) -> None:
        self.cut()
