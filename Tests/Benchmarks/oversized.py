#!/usr/bin/env python3
"""Oversized requests against `pbrender serve` (issue 20): RSS stays flat, SIGTERM stops at once.

    python3 Tests/Benchmarks/oversized.py [BINARY] [--count N]

from the repository root (BINARY defaults to .build/debug/pbrender). It starts `pbrender serve` on a
free port, sends N (10,000 unless given) requests in turn, each on its own connection, cycling
through four shapes past the documented limits: a 16 KB query of 4,000 parameters (400), 16,400
`&`s (400: the query limit), a 30 KB query (414) and a 300 KB one (libmicrohttpd's own 414), reads
each answer, prints the server's VmRSS after the first 1,000, 5,000 and all, then sends SIGTERM and
prints how long the server took to exit. Python is the harness only.
"""
import signal
import socket
import subprocess
import sys
import time


def exchange(port, target):
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.settimeout(15)
        connection.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                return answer
            answer += chunk


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def main():
    arguments = sys.argv[1:]
    count = 10_000
    if "--count" in arguments:
        index = arguments.index("--count")
        count = int(arguments[index + 1])
        del arguments[index:index + 2]
    binary = arguments[0] if arguments else ".build/debug/pbrender"
    server = subprocess.Popen([binary, "serve", "--port", "0", "--threads", "2"], stderr=subprocess.PIPE)
    line = server.stderr.readline().decode()
    port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
    # The access log is read (and dropped) on a thread so the server never blocks on a full pipe.
    import threading
    threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
    shapes = [
        b"/render.svg?" + b"&".join([b"a=1"] * 4000),
        b"/render.svg?" + b"&" * 16_400,
        b"/render.svg?" + b"x" * 30_000,
        b"/render.svg?" + b"x" * 300_000,
    ]
    print(f"start: {resident_kib(server.pid)} KiB")
    for index in range(count):
        answer = exchange(port, shapes[index % len(shapes)])
        if not answer.startswith(b"HTTP/1.1 4"):
            print(f"request {index}: {answer[:60]!r}")
            return 1
        if index + 1 in (1000, 5000, count):
            print(f"after {index + 1}: {resident_kib(server.pid)} KiB")
    start = time.monotonic()
    server.send_signal(signal.SIGTERM)
    server.wait()
    print(f"SIGTERM to exit: {(time.monotonic() - start) * 1000:.1f} ms, status {server.returncode}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
