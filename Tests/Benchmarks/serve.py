#!/usr/bin/env python3
"""The serve benchmark (issue 12): `pbrender serve` under wrk, beside nginx serving a static file.

    python3 Tests/Benchmarks/serve.py [--quick] [--duration S] [--rounds N] [--soak S] [--connections N]
                                      [--no-callgrind] [--memory-soak S] [--memory-only]

from the repository root. It builds what it needs (`swift build -c release --product pbrender`),
installs Debian's `wrk` when it is missing (apt-get, as root or with sudo), and needs nginx
(`bash .ci/install-deps`). Then, on loopback, one after another in one run:

  (1) the CLI's CPU per frame: `pbrender --shape ring --size 256 --frames N -o DIR/f-%04d.png`,
      user + system time from wait4 over N (the `--frames` path: one layout, N frames, on every core);
  (2) `pbrender serve --threads 2 --cache-size 16MB`, its access log written to a file:
      (a) a cached badge: the same `/badge.svg?title=coverage&progress=0.87` every time (rendered
          once, then from the cache);
      (b) an uncached 256 px PNG ring: `/render.png?shape=ring&size=256&progress=P` with a
          different P for every request (a wrk Lua script), so every request renders; the server's
          CPU time (from /proc) over the requests answered is its CPU per request;
      (c) the same uncached ring with `compression=fast` (ISA-L), against (b) (issue 19);
  (3) nginx (2 workers, access log buffered to a file) serving a static file of the cached badge's
      size: the ceiling for a cached response on this machine;
  (4) a soak: the cached badge and uncached rings again, for as long as `--soak` says, with the
      server's RSS read from /proc before, between and after, to see that memory stays flat once the
      cache is full.
  (5) first of all, the memory soak (issue 30; `--memory-only` runs it alone): `pbrender serve` at its
      default cache size under mixed routes (cached badges, uncached rings, SVG documents by POST) for
      `--memory-soak` seconds, its RSS sampled every 0.25 s and its peak (VmHWM) against the cache
      size + 32 MiB, and where its resident pages are when it ends (its binary, groups of libraries,
      anonymous memory; private and proportional totals), written to
      `Tests/Benchmarks/results/serve-memory.md`.

wrk runs `-t2 -c32` (two threads, 32 kept-alive connections) for `--duration` seconds per
scenario, in `--rounds` interleaved rounds (the median round is reported), on the same two cores
as the servers: every number here is a loopback number on a shared 2-core machine, the client
included. callgrind counts the instructions of an uncached render in the server and of a frame in
the CLI, the comparison that machine noise does not move. Python is the harness only; nothing here is a runtime
dependency of pbrender. The table is printed and written, with the date, the command and the
machine, to `Tests/Benchmarks/results/serve.md`.
"""

import argparse
import datetime
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from benchinfo import countable, ms, shell_quote, swift_build, system_description, verdict, version

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMMAND = "python3 Tests/Benchmarks/serve.py"
RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "serve.md")
MEMORY_RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "serve-memory.md")
BADGE = "/badge.svg?title=coverage&progress=0.87"
RING = "/render.png?shape=ring&size=256&progress="
# The same ring compressed by ISA-L (issue 19's `compression=fast`, what `serve --compression fast` gives).
RING_FAST = "/render.png?shape=ring&size=256&compression=fast&progress="
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

# Every request a different progress, spread over 0...1: thread t's request k asks for
# ((2k + t) x 7919 mod 10^7) / 10^7 (7919 is prime to 10^7, so 10^7 requests ask for 10^7 values).
UNCACHED_LUA = """
local count = 0
function setup(thread)
  count = count + 1
  thread:set("id", count)
end
function init(args)
  requests = 0
end
function request()
  requests = requests + 1
  local value = ((requests * 2 + id) * 7919) % 10000000
  return wrk.format("GET", string.format("%s0.%07d", ring, value))
end
"""




def ensure_wrk():
    if shutil.which("wrk"):
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    print("wrk is missing: installing Debian's wrk", flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", "--no-install-recommends", "wrk"], check=True, env=env)


def nginx_binary():
    for path in ["/usr/sbin/nginx", shutil.which("nginx") or ""]:
        if path and os.access(path, os.X_OK):
            return path
    sys.exit("nginx is missing: bash .ci/install-deps")




def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, process, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if process.poll() is not None:
            sys.exit(f"the server exited with {process.returncode} before listening on port {port}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.02)
    sys.exit(f"nothing listens on port {port} after {seconds} s")


def cpu_seconds(pid):
    """User + system CPU seconds of a process so far, all threads (from /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def anonymous_rss_kib(pid):
    """The part of the RSS that is the process's own memory (RssAnon), not pages of mapped files (RssFile:
    libraries, fonts, ICU's data), in KiB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("RssAnon:"):
                return int(line.split()[1])
    return 0


def peak_rss_kib(pid):
    """The largest RSS the process has had (VmHWM, the kernel's high-water mark), in KiB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


# Where a server's resident pages are, by what maps them: groups of libraries by the basename's start.
RESIDENT_GROUPS = [
    ("librsvg (documents)", ("librsvg",)),
    ("libmicrohttpd's TLS library and its dependencies (linked by Debian's libmicrohttpd, which initializes "
     "them when loaded; pbrender serves no TLS)",
     ("libgnutls", "libp11-kit", "libnettle", "libhogweed", "libgmp", "libtasn1", "libidn2", "libunistring",
      "libffi")),
    ("GLib, GObject, GIO and theirs (librsvg's, Pango's)",
     ("libglib", "libgobject", "libgio", "libgmodule", "libmount", "libblkid", "libselinux", "libpcre2")),
    ("Pango, HarfBuzz, fontconfig, FreeType, fonts and font caches (labels, badges)",
     ("libpango", "libharfbuzz", "libfontconfig", "libfreetype", "libfribidi", "libthai", "libdatrie",
      "libgraphite2", "libexpat", "libbrotli", "DejaVu", "Noto", "Liberation")),
    ("libxml2, ICU and libstdc++ (documents)", ("libxml2", "libicu", "libstdc++", "liblzma")),
    ("Cairo, pixman, libpng, zlib, libdeflate and X11's libraries (Cairo's)",
     ("libcairo", "libpixman", "libpng", "libz.", "libdeflate", "libX", "libxcb", "libbsd", "libmd")),
    ("libc, libm, the dynamic linker, libgcc", ("libc.", "libm.", "ld-linux", "libgcc")),
]


def resident_by_mapping(pid, binary):
    """The process's RSS by what maps it (KiB): its own binary, RESIDENT_GROUPS, other files, and anonymous
    memory; and its private and proportional totals (Private_Clean + Private_Dirty, Pss)."""
    totals, name, anonymous = {}, None, 0
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            fields = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                name = fields[5] if len(fields) > 5 and fields[5].startswith("/") else None
            elif fields[0] == "Rss:":
                if name is None:
                    group = "anonymous memory (heap, the cache, connection pools, stacks)"
                elif os.path.realpath(name) == os.path.realpath(binary):
                    group = "pbrender's own binary (code, data)"
                else:
                    base = os.path.basename(name)
                    group = next((label for label, prefixes in RESIDENT_GROUPS if base.startswith(prefixes)),
                                 "other files")
                totals[group] = totals.get(group, 0) + int(fields[1])
            elif fields[0] == "Anonymous:" and name is not None:
                anonymous += int(fields[1])
    rollup = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 2 and fields[1].isdigit():
                rollup[fields[0].rstrip(":")] = int(fields[1])
    return {"groups": totals, "relocated": anonymous,
            "private": rollup.get("Private_Clean", 0) + rollup.get("Private_Dirty", 0), "pss": rollup.get("Pss", 0)}


def cli_cpu_per_frame(pbrender, frames, runs):
    """The CLI's CPU time per frame on the `--frames` path, the median of `runs` runs."""
    results = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as directory:
            command = [pbrender, "--shape", "ring", "--size", "256", "--frames", str(frames), "-o",
                       os.path.join(directory, "f-%04d.png")]
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(process.pid, 0)
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"$ {shell_quote(command)} failed")
            results.append((usage.ru_utime + usage.ru_stime) / frames)
    return statistics.median(results), results


def callgrind_collected(stderr):
    match = re.search(r"Collected : (\d+)", stderr)
    if not match:
        sys.exit("callgrind printed no count:\n" + stderr[-2000:])
    return int(match.group(1))


def cli_instructions(pbrender, frames):
    """Instructions callgrind counts for the CLI rendering `frames` ring frames (all threads)."""
    with tempfile.TemporaryDirectory() as directory:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                   *countable([pbrender, "--shape", "ring", "--size", "256", "--frames", str(frames), "-o",
                               os.path.join(directory, "f-%04d.png")], directory)]
        result = subprocess.run(command, capture_output=True, text=True)
        return callgrind_collected(result.stderr)


def ask_for_rings(port, count):
    """Asks for `count` uncached rings one after another on one kept-alive connection, with the CLI's frames'
    progress, k / (count - 1): the same pictures, so the same drawing and compression. (The wrk script's values,
    (2k + 1) x 7919 / 10^7, are all below 0.1 for the first 60 requests: short arcs, cheaper to draw and
    compress, which flattered the server.)"""
    with socket.create_connection(("127.0.0.1", port)) as connection:
        for k in range(count):
            connection.sendall(f"GET {RING}{k / (count - 1):.7f} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            buffer = b""
            while b"\r\n\r\n" not in buffer:
                buffer += connection.recv(65536)
            head, body = buffer.split(b"\r\n\r\n", 1)
            if not head.startswith(b"HTTP/1.1 200"):
                sys.exit(f"the server answered {head[:40]!r}")
            length = int(re.search(rb"Content-Length: (\d+)", head, re.I).group(1))
            while len(body) < length:
                body += connection.recv(65536)


def serve_instructions(pbrender, count):
    """Instructions callgrind counts for `pbrender serve --threads 1` answering `count` uncached ring requests
    (`ask_for_rings`), start and stop included."""
    port = free_port()
    with tempfile.TemporaryFile() as err, tempfile.TemporaryDirectory() as scratch:
        process = subprocess.Popen(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                                    *countable([pbrender, "serve", "--port", str(port), "--threads", "1"], scratch)],
                                   stdout=subprocess.DEVNULL, stderr=err)
        wait_for_port(port, process, seconds=120)
        ask_for_rings(port, count)
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=120)
        err.seek(0)
        return callgrind_collected(err.read().decode(errors="replace"))


def serve_cpu_sequential(pbrender, count):
    """CPU seconds (user + system, all threads) `pbrender serve --threads 1` spends answering `count` uncached
    rings asked one after another (`ask_for_rings`), start-up excluded."""
    port = free_port()
    process = subprocess.Popen([pbrender, "serve", "--port", str(port), "--threads", "1"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_port(port, process)
    before = cpu_seconds(process.pid)
    ask_for_rings(port, count)
    spent = cpu_seconds(process.pid) - before
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)
    return spent


def cli_cpu(pbrender, frames):
    """CPU seconds (user + system, all threads) of `pbrender --frames` drawing `frames` rings to files."""
    return cli_cpu_per_frame(pbrender, frames, 1)[0] * frames


def marginal_cpu(pbrender, small, large, rounds):
    """Marginal CPU seconds per image, (CPU for `large` - CPU for `small`) / (large - small), of the server
    answering rings one after another and of the CLI's frames (start-up cancels out), interleaved `rounds`
    times: the medians and every round's figures."""
    server, cli = [], []
    for _ in range(rounds):
        server.append((serve_cpu_sequential(pbrender, large) - serve_cpu_sequential(pbrender, small))
                      / (large - small))
        cli.append((cli_cpu(pbrender, large) - cli_cpu(pbrender, small)) / (large - small))
    return statistics.median(server), statistics.median(cli), server, cli


def parse_duration(text):
    """wrk's latency text (`1.23ms`, `870.00us`, `1.02s`) in seconds."""
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text.strip())
    if not match:
        return float("nan")
    value, unit = float(match.group(1)), match.group(2)
    return value * {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}[unit]


def run_wrk(url, duration, connections, script=None):
    command = ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency", "--timeout", "10s"]
    if script:
        command += ["-s", script]
    command.append(url)
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    summary = re.search(r"(\d+) requests in ([\d.]+)(\w+), ([\d.]+)(\w+) read", output)
    errors = 0
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    if socket_errors:
        errors += sum(int(g) for g in socket_errors.groups())
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if non2xx:
        errors += int(non2xx.group(1))
    percentiles = dict(re.findall(r"^\s+(50|75|90|99)%\s+(\S+)", output, re.M))
    return {
        "requests": int(summary.group(1)) if summary else 0,
        "rate": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50": parse_duration(percentiles.get("50", "nan")),
        "p99": parse_duration(percentiles.get("99", "nan")),
        "errors": errors,
        "output": output,
    }


def combined(runs):
    """The median run's rate, p50 and p99 (by rate), with every run's requests and errors summed."""
    ordered = sorted(runs, key=lambda r: r["rate"])
    median = ordered[len(ordered) // 2]
    return {
        "rate": median["rate"], "p50": median["p50"], "p99": median["p99"],
        "requests": sum(r["requests"] for r in runs), "errors": sum(r["errors"] for r in runs),
        "rates": [r["rate"] for r in runs],
    }






def machine():
    swift = version(["swift", "--version"])
    nginx = version([nginx_binary(), "-v"]).replace("nginx version: ", "")
    wrk = version(["wrk", "-v"]).split(" [")[0]
    mhd = version(["pkg-config", "--modversion", "libmicrohttpd"])
    return system_description(), f"{swift}; libmicrohttpd {mhd}, {nginx}, {wrk}, Python {platform.python_version()}"


class Servers:
    """pbrender serve and nginx, started and stopped by the benchmark."""

    def __init__(self, pbrender, directory, static_bytes):
        self.directory = directory
        self.port = free_port()
        self.log = open(os.path.join(directory, "pbrender-access.log"), "w")
        self.serve = subprocess.Popen(
            [pbrender, "serve", "--port", str(self.port), "--threads", "2", "--cache-size", "16MB"],
            stdout=subprocess.DEVNULL, stderr=self.log)
        wait_for_port(self.port, self.serve)
        self.nginx_port = free_port()
        root = os.path.join(directory, "www")
        os.makedirs(root)
        with open(os.path.join(root, "badge.svg"), "wb") as f:
            f.write(static_bytes)
        conf = os.path.join(directory, "nginx.conf")
        with open(conf, "w") as f:
            f.write(f"""
worker_processes 2;
pid {directory}/nginx.pid;
error_log {directory}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    access_log {directory}/nginx-access.log combined buffer=32k;
    client_body_temp_path {directory}/client_body;
    proxy_temp_path {directory}/proxy;
    fastcgi_temp_path {directory}/fastcgi;
    uwsgi_temp_path {directory}/uwsgi;
    scgi_temp_path {directory}/scgi;
    sendfile on;
    keepalive_requests 1000000;
    server {{
        listen 127.0.0.1:{self.nginx_port};
        root {root};
        location / {{ add_header Cache-Control "public, max-age=31536000, immutable"; }}
    }}
}}
""")
        os.chmod(directory, 0o755)
        os.chmod(root, 0o755)
        self.nginx = subprocess.Popen([nginx_binary(), "-p", directory, "-e", f"{directory}/nginx-error.log",
                                       "-c", conf, "-g", "daemon off;"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(self.nginx_port, self.nginx)

    def stop(self):
        codes = []
        for process, sig in [(self.serve, signal.SIGTERM), (self.nginx, signal.SIGQUIT)]:
            if process.poll() is None:
                process.send_signal(sig)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            codes.append(process.returncode)
        self.log.close()
        return codes


# The memory soak's mix (issue 30): of every 10 requests, 6 cached badges (8 URLs, rendered once each), 3 uncached
# 256 px rings (a new progress each) and 1 POST of an SVG document (Examples/check.svg, never cached by the server).
MIXED_LUA = """
local count = 0
function setup(thread)
  count = count + 1
  thread:set("id", count)
end
function init(args)
  requests = 0
end
function request()
  requests = requests + 1
  local kind = requests % 10
  local value = ((requests * 2 + id) * 7919) % 10000000
  if kind < 6 then
    return wrk.format("GET", string.format("/badge.svg?title=coverage&progress=0.%d", requests % 8 + 1))
  elseif kind < 9 then
    return wrk.format("GET", string.format("/render.png?shape=ring&size=256&progress=0.%07d", value))
  else
    return wrk.format("POST", string.format("/render.png?progress=0.%07d", value),
                      {["Content-Type"] = "image/svg+xml"}, document)
  end
end
"""


def memory_soak(pbrender, seconds, connections, directory):
    """`pbrender serve --threads 2` at its default cache size under wrk's mixed routes (MIXED_LUA) for `seconds`;
    RSS sampled every 0.25 s. Returns the cache size it announced, the samples, the kernel's high-water mark and
    wrk's result."""
    port = free_port()
    with open(os.path.join(REPO, "Examples", "check.svg")) as f:
        document = f.read()
    script = os.path.join(directory, "mixed.lua")
    with open(script, "w") as f:
        f.write(f"document = [==[{document}]==]\n" + MIXED_LUA)
    log_path = os.path.join(directory, "memory-soak.log")
    log = open(log_path, "w")
    serve = subprocess.Popen([pbrender, "serve", "--port", str(port), "--threads", "2"],
                             stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_for_port(port, serve)
        with open(log_path) as f:
            banner = f.readline()
        cache = re.search(r"([\d.]+ ?[KMG]i?B) cache", banner)
        samples = [(0.0, rss_kib(serve.pid), anonymous_rss_kib(serve.pid))]
        wrk = subprocess.Popen(
            ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "10s", "-s", script,
             f"http://127.0.0.1:{port}"], stdout=subprocess.PIPE, text=True)
        started = time.time()
        while wrk.poll() is None:
            time.sleep(0.25)
            samples.append((time.time() - started, rss_kib(serve.pid), anonymous_rss_kib(serve.pid)))
        output = wrk.stdout.read()
        peak = peak_rss_kib(serve.pid)
        resident = resident_by_mapping(serve.pid, pbrender)
    finally:
        serve.send_signal(signal.SIGTERM)
        serve.wait(timeout=30)
        log.close()
    summary = re.search(r"(\d+) requests in", output)
    errors = sum(int(g) for g in (re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)",
                                            output) or re.match(r"()", "")).groups() if g)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors += int(non2xx.group(1)) if non2xx else 0
    return {
        "cache": cache.group(1) if cache else "?", "banner": banner.strip(), "samples": samples, "peak": peak,
        "requests": int(summary.group(1)) if summary else 0, "errors": errors, "seconds": seconds,
        "exit": serve.returncode, "resident": resident,
    }


def cache_bytes(text):
    """Bytes of a size as pbrender writes it (`64 MB`, `16 MiB`)."""
    number, unit = re.match(r"([\d.]+) ?([KMG]i?B)", text).groups()
    powers = {"K": 1, "M": 2, "G": 3}
    base = 1024 if "i" in unit else 1000
    return float(number) * base ** powers[unit[0]]


def memory_report(soak, connections):
    """The memory soak's lines of Markdown: the figure against the target, and RSS over time."""
    cache = cache_bytes(soak["cache"])
    bound_kib = cache / 1024 + 32 * 1024
    steady = [kib for t, kib, _ in soak["samples"] if t >= soak["seconds"] / 2]
    last = soak["samples"][-1]
    lines = [
        f"`pbrender serve --threads 2` at its default cache size ({soak['cache']}), wrk `-t2 -c{connections}` for "
        f"{soak['seconds']} s of mixed routes: of every 10 requests 6 cached badges (8 URLs), 3 uncached 256 px PNG "
        "rings (a new progress each) and 1 POST of `Examples/check.svg` (drawn at a new progress each; never cached). "
        f"{soak['requests']:,} requests, {soak['errors']} errors; exit code {soak['exit']} after SIGTERM.",
        "",
        f"- Peak RSS (the kernel's VmHWM) {soak['peak'] / 1024:.1f} MiB against the cache + 32 MiB = "
        f"{bound_kib / 1024:.1f} MiB — {verdict(soak['peak'] <= bound_kib)}. RSS of the second half: "
        f"{min(steady) / 1024:.1f}–{max(steady) / 1024:.1f} MiB; at the end {last[1] / 1024:.1f} MiB, of which "
        f"{last[2] / 1024:.1f} MiB the process's own memory (RssAnon) and the rest pages of mapped files (shared "
        "libraries, fonts, ICU's data)." if steady else "- No samples.",
        "",
        "| seconds | RSS | of which RssAnon |",
        "|---:|---:|---:|",
    ]
    every = max(1, len(soak["samples"]) // 12)
    for t, kib, anonymous in soak["samples"][::every]:
        lines.append(f"| {t:.0f} | {kib / 1024:.1f} MiB | {anonymous / 1024:.1f} MiB |")
    resident = soak["resident"]
    lines += [
        "",
        "Where the resident pages are when the soak ends, after wrk's connections closed (from /proc/PID/smaps; "
        "RSS counts a library's pages in every process that maps them: the server's private pages, mapped by no "
        f"other process, are {resident['private'] / 1024:.1f} MiB, its proportional share (PSS) "
        f"{resident['pss'] / 1024:.1f} MiB; {resident['relocated'] / 1024:.1f} MiB of the mapped files' pages are "
        "copies the dynamic linker wrote when it relocated them):",
        "",
        "| mapped by | RSS |",
        "|---|---:|",
    ]
    for group, kib in sorted(resident["groups"].items(), key=lambda item: -item[1]):
        lines.append(f"| {group} | {kib / 1024:.1f} MiB |")
    return lines


def run_memory_soak(pbrender, seconds, connections, args):
    """Runs the memory soak and writes its results to MEMORY_RESULTS."""
    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="pbrender-memory-soak-") as directory:
        soak = memory_soak(pbrender, seconds, connections, directory)
    host, software = machine()
    command = f"{COMMAND} --memory-only --memory-soak {seconds}" if args.memory_only else COMMAND
    lines = ["# Serve benchmark: memory under mixed routes", "",
             f"Measured {started:%Y-%m-%d %H:%M} UTC with", "", f"    {command}", "",
             f"on {host}; {software}. Load average {load_before:.2f} before and {os.getloadavg()[0]:.2f} after.", ""]
    lines += memory_report(soak, connections)
    text = "\n".join(lines) + "\n"
    print(text, flush=True)
    with open(MEMORY_RESULTS, "w") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(MEMORY_RESULTS, REPO)}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="5 s per scenario and a 10 s soak (a quick look)")
    parser.add_argument("--duration", type=int, default=None, help="seconds per scenario and round (default 10)")
    parser.add_argument("--soak", type=int, default=None, help="seconds of the soak (default 120)")
    parser.add_argument("--connections", type=int, default=32, help="wrk's connections (default 32)")
    parser.add_argument("--rounds", type=int, default=None, help="interleaved rounds of the four scenarios (default 3)")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    parser.add_argument("--memory-soak", type=int, default=None,
                        help="seconds of the mixed-route memory soak at the default cache size (default 120)")
    parser.add_argument("--memory-only", action="store_true",
                        help="run the memory soak alone (it writes results/serve-memory.md either way)")
    args = parser.parse_args()
    duration = args.duration or (5 if args.quick else 10)
    rounds = args.rounds or (1 if args.quick else 3)
    soak = args.soak or (10 if args.quick else 120)
    connections = args.connections

    ensure_wrk()
    nginx_binary()
    pbrender = swift_build(None, REPO)
    memory_seconds = args.memory_soak or (30 if args.quick else 120)
    run_memory_soak(pbrender, memory_seconds, connections, args)
    if args.memory_only:
        return
    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()[0]

    frames = 100 if args.quick else 500
    cli_frame, cli_runs = cli_cpu_per_frame(pbrender, frames, 3)
    print(f"CLI: {ms(cli_frame)} ms CPU per frame ({', '.join(ms(r) for r in cli_runs)})", flush=True)

    sequential = marginal_cpu(pbrender, 100, 600 if args.quick else 1100, 3)
    print(f"marginal CPU: server {ms(sequential[0])} ms per request, CLI {ms(sequential[1])} ms per frame", flush=True)

    instructions = None
    if not args.no_callgrind and shutil.which("valgrind"):
        small, large = (10, 50) if args.quick else (20, 200)
        cli_small, cli_large = cli_instructions(pbrender, small), cli_instructions(pbrender, large)
        serve_small, serve_large = serve_instructions(pbrender, small), serve_instructions(pbrender, large)
        instructions = {
            "cli": (cli_large - cli_small) / (large - small), "serve": (serve_large - serve_small) / (large - small),
            "cli_total": cli_large / large, "serve_total": serve_large / large, "small": small, "large": large,
        }
        print(f"instructions: CLI {instructions['cli'] / 1e6:.2f} M per frame, server "
              f"{instructions['serve'] / 1e6:.2f} M per request (marginal)", flush=True)

    directory = tempfile.mkdtemp(prefix="pbrender-serve-bench-")
    try:
        # The badge's bytes, for the static file of the same size.
        probe = subprocess.run([pbrender, "badge", "--title", "coverage", "--progress", "0.87", "--format", "svg", "-o", "-"],
                               capture_output=True, check=True).stdout
        servers = Servers(pbrender, directory, probe)
        base = f"http://127.0.0.1:{servers.port}"
        with urllib.request.urlopen(base + BADGE) as response:
            served = response.read()
            badge_headers = dict(response.headers)
        if served != probe:
            sys.exit("the server's badge is not the CLI's")
        with urllib.request.urlopen(f"http://127.0.0.1:{servers.nginx_port}/badge.svg") as response:
            static_body = response.read()
            static_headers = dict(response.headers)
        if len(static_body) != len(served):
            sys.exit("the static file is not the badge's size")
        with urllib.request.urlopen(base + RING + "0.5") as response:
            ring_bytes = len(response.read())
        with urllib.request.urlopen(base + RING_FAST + "0.5") as response:
            ring_fast_bytes = len(response.read())
        script = os.path.join(directory, "uncached.lua")
        with open(script, "w") as f:
            f.write(f'ring = "{RING}"\n' + UNCACHED_LUA)
        script_fast = os.path.join(directory, "uncached-fast.lua")
        with open(script_fast, "w") as f:
            f.write(f'ring = "{RING_FAST}"\n' + UNCACHED_LUA)

        pid = servers.serve.pid
        rss = [("started, one badge and one ring rendered", rss_kib(pid), 0)]
        served_total = 2
        # Warm-ups: the connections, the caches, the code.
        run_wrk(base + BADGE, 2, connections)
        run_wrk(f"http://127.0.0.1:{servers.nginx_port}/badge.svg", 2, connections)
        # Interleaved rounds, so that the load of the (shared) machine weighs on all three alike.
        runs = {"badge": [], "static": [], "ring": [], "ring_fast": []}
        ring_cpu = 0.0
        for round_index in range(rounds):
            runs["badge"].append(run_wrk(base + BADGE, duration, connections))
            runs["static"].append(run_wrk(f"http://127.0.0.1:{servers.nginx_port}/badge.svg", duration, connections))
            cpu_before = cpu_seconds(pid)
            runs["ring"].append(run_wrk(base, duration, connections, script=script))
            ring_cpu += cpu_seconds(pid) - cpu_before
            runs["ring_fast"].append(run_wrk(base, duration, connections, script=script_fast))
            print(f"round {round_index + 1}: " + ", ".join(
                f"{name} {runs[name][-1]['rate']:,.0f}/s" for name in runs), flush=True)
        results = {name: combined(values) for name, values in runs.items()}
        served_total += sum(r["requests"] for name in ("badge", "ring", "ring_fast") for r in runs[name])
        rss.append(("after the cached badges and the uncached rings (cache full)", rss_kib(pid), served_total))
        server_cpu = ring_cpu / max(results["ring"]["requests"], 1)
        for name in results:
            r = results[name]
            print(f"{name}: {r['rate']:,.0f} requests/s, p50 {ms(r['p50'])} ms, p99 {ms(r['p99'])} ms, "
                  f"{r['errors']} errors, {r['requests']:,} requests", flush=True)
        print(f"server CPU per uncached ring: {ms(server_cpu)} ms", flush=True)

        # The soak: cached and uncached phases in turn, RSS after each.
        soak_errors = 0
        soak_phases = []
        plan = [("cached badge", base + BADGE, None), ("uncached rings", base, script)] * 3
        for index, (name, url, lua) in enumerate(plan):
            seconds = max(2, soak // len(plan))
            r = run_wrk(url, seconds, connections, script=lua)
            soak_errors += r["errors"]
            served_total += r["requests"]
            soak_phases.append((name, seconds, r))
            rss.append((f"after soak phase {index + 1} ({name}, {seconds} s)", rss_kib(pid), served_total))
            print(f"soak {name}: {r['requests']:,} requests, RSS {rss[-1][1] / 1024:.1f} MiB", flush=True)
        # The warm-ups' requests are not in the count above: they are few next to the runs.
        codes = servers.stop()
    finally:
        if "servers" in locals():
            servers.stop()
        shutil.rmtree(directory, ignore_errors=True)
    load_after = os.getloadavg()[0]

    badge, static, ring, ring_fast = results["badge"], results["static"], results["ring"], results["ring_fast"]
    total_errors = badge["errors"] + static["errors"] + ring["errors"] + ring_fast["errors"] + soak_errors
    # Flat: the largest RSS of the soak's second half against the largest from the full cache to the middle.
    after_full = [kib for _, kib, _ in rss[1:]]
    half = (len(after_full) + 1) // 2
    first_peak, second_peak = max(after_full[:half]), max(after_full[half:])
    growth = (second_peak - first_peak) / first_peak
    final_rss = rss[-1][1]

    lines = []
    put = lines.append
    host, software = machine()
    put("# Serve benchmark")
    put("")
    put(f"Measured {started:%Y-%m-%d %H:%M} UTC with")
    put("")
    put(f"    {COMMAND}" + (" --quick" if args.quick else "") + (f" --duration {args.duration}" if args.duration else "")
        + (f" --soak {args.soak}" if args.soak else ""))
    put("")
    put(f"on {host}; {software}. Load average {load_before:.2f} before and {load_after:.2f} after. Everything runs on "
        f"loopback on the same two cores: wrk (`-t2 -c{connections}`, {rounds} interleaved rounds of the four "
        f"scenarios, {duration} s each, after a 2 s warm-up; the table shows the median round, errors summed), "
        "`pbrender serve --threads 2 --cache-size 16MB` (access log to a file), and nginx (2 workers, access log "
        "buffered to a file). The client takes a good share of the two cores, so these are loopback numbers of a "
        "shared 2-core machine, not of a server.")
    put("")
    put("| scenario | requests/s | p50 | p99 | errors | response body |")
    put("|---|---:|---:|---:|---:|---:|")
    put(f"| pbrender, cached badge (`{BADGE}`) | {badge['rate']:,.0f} | {ms(badge['p50'])} ms | {ms(badge['p99'])} ms "
        f"| {badge['errors']} | {len(served):,} B |")
    put(f"| nginx, static file of the same size | {static['rate']:,.0f} | {ms(static['p50'])} ms | "
        f"{ms(static['p99'])} ms | {static['errors']} | {len(static_body):,} B |")
    put(f"| pbrender, uncached 256 px PNG ring (`{RING}P`, P new each request) | {ring['rate']:,.0f} | "
        f"{ms(ring['p50'])} ms | {ms(ring['p99'])} ms | {ring['errors']} | {ring_bytes:,} B (P = 0.5) |")
    put(f"| the same, `compression=fast` (ISA-L; `{RING_FAST}P`) | {ring_fast['rate']:,.0f} | "
        f"{ms(ring_fast['p50'])} ms | {ms(ring_fast['p99'])} ms | {ring_fast['errors']} | "
        f"{ring_fast_bytes:,} B (P = 0.5) |")
    put("")
    put("Requests/s of each round: " + "; ".join(
        f"{name} " + ", ".join(f"{rate:,.0f}" for rate in results[key]["rates"])
        for name, key in [("cached badge", "badge"), ("nginx static", "static"), ("uncached ring", "ring"),
                          ("uncached ring, fast", "ring_fast")]) + ".")
    put("")
    put("## Targets (issue 12)")
    put("")
    half = badge["rate"] >= 0.5 * static["rate"]
    put(f"- Cached responses at least half of nginx static's throughput: {badge['rate']:,.0f} against "
        f"{static['rate']:,.0f} requests/s, {badge['rate'] / static['rate']:.2f}× — {verdict(half)}.")
    within = server_cpu <= 1.3 * cli_frame
    put(f"- Uncached PNG renders within 1.3× the CLI's per-frame CPU cost: the server spent {ms(server_cpu)} ms of CPU "
        f"(user + system, all threads, from /proc) per uncached ring over {ring['requests']:,} requests, the CLI "
        f"{ms(cli_frame)} ms per frame (`pbrender --shape ring --size 256 --frames {frames} -o DIR/f-%04d.png`, "
        f"median of 3 runs: {', '.join(ms(r) for r in cli_runs)} ms), {server_cpu / cli_frame:.2f}× — {verdict(within)}. "
        "The server's figure includes parsing the request and the query, the budget's layout, the render, the ETag, "
        "the cache insert (the cache is full, so each insert evicts), the access log line and libmicrohttpd's "
        "socket work; the CLI's includes writing each frame to a file.")
    server_sequential, cli_sequential, server_rounds, cli_rounds = sequential
    ratio = server_sequential / cli_sequential
    large = 600 if args.quick else 1100
    put(f"- Uncached renders at most the CLI's per-frame CPU (issue 17), **marginal** and one after another: the "
        f"server {ms(server_sequential)} ms per ring answered on one kept-alive connection by `--threads 1`, the CLI "
        f"{ms(cli_sequential)} ms per frame of `--frames`, {ratio:.2f}× — {verdict(ratio <= 1.0)}. Each is "
        f"(CPU for {large} − CPU for 100) / {large - 100}, so start-up cancels out; the same pictures (progress "
        f"k / (n − 1)); medians of 3 interleaved rounds (server "
        f"{', '.join(ms(r) for r in server_rounds)} ms; CLI {', '.join(ms(r) for r in cli_rounds)} ms). The CLI "
        "writes each frame to a file and runs a worker per core; CPU time is counted in 10 ms ticks.")
    if instructions:
        ratio = instructions["serve"] / instructions["cli"]
        put(f"- The same in **instructions** (callgrind, noise-free where CPU time on this shared machine is not): "
            f"the server {instructions['serve'] / 1e6:.2f} M per uncached ring, the CLI "
            f"{instructions['cli'] / 1e6:.2f} M per frame, {ratio:.2f}× — {verdict(ratio <= 1.3)}. Marginal counts: "
            f"(count for {instructions['large']} − count for {instructions['small']}) / "
            f"{instructions['large'] - instructions['small']}, the server answering on one kept-alive connection "
            f"with one thread (`--threads 1`), the CLI rendering `--frames` on every core; counting starts and stops "
            f"as well, {instructions['serve_total'] / 1e6:.2f} M and {instructions['cli_total'] / 1e6:.2f} M. "
            "callgrind counts user-space instructions only: the kernel's share (sockets, files) is not in them.")
    speedup = ring_fast["rate"] / ring["rate"]
    put(f"- Uncached PNG requests per second with `compression=fast` at least 2× the default's (issue 19; the "
        f"default is what every request got before compression modes): {ring_fast['rate']:,.0f} against "
        f"{ring['rate']:,.0f}, {speedup:.2f}× — {verdict(speedup >= 2)}. wrk runs on the same two cores, so the "
        "client's share caps what either reaches.")
    put(f"- Zero errors (sockets, timeouts, non-2xx) over every run, soak included: {total_errors} — "
        f"{verdict(total_errors == 0)}.")
    put(f"- Memory flat: the largest RSS of the soak's second half {second_peak / 1024:.1f} MiB, of the first half "
        f"(from the full cache on) {first_peak / 1024:.1f} MiB ({growth * 100:+.1f}%), {final_rss / 1024:.1f} MiB at "
        f"the end, after {served_total:,} requests in all — {verdict(growth < 0.10)} (flat: the second half's peak "
        "within 10% of the first's; RSS moves by a few MiB either way as the cache's entries are replaced). "
        + ("A million requests did not fit in this run's time; " if served_total < 1_000_000 else "")
        + f"The soak ran {soak} s.")
    put("")
    put("## Memory")
    put("")
    put("| when | requests so far | RSS |")
    put("|---|---:|---:|")
    for when, kib, count in rss:
        put(f"| {when} | {count:,} | {kib / 1024:.1f} MiB |")
    put("")
    put("Soak phases: " + "; ".join(
        f"{name}, {seconds} s: {r['requests']:,} requests, {r['rate']:,.0f}/s, p99 {ms(r['p99'])} ms, "
        f"{r['errors']} errors" for name, seconds, r in soak_phases) + ".")
    put("")
    put("## Headers")
    put("")
    put("The cached badge as served (the static file's for comparison):")
    put("")
    put("    " + ", ".join(f"{k}: {v}" for k, v in badge_headers.items() if k.lower() != "date"))
    put("    " + ", ".join(f"{k}: {v}" for k, v in static_headers.items() if k.lower() not in ("date", "last-modified")))
    put("")
    put(f"Exit codes after SIGTERM (pbrender) and SIGQUIT (nginx): {codes[0]}, {codes[1]}.")
    text = "\n".join(lines) + "\n"
    print(text)
    os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
    with open(RESULTS, "w") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(RESULTS, REPO)}")


if __name__ == "__main__":
    main()
