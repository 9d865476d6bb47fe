#!/usr/bin/env python3
"""Writes Sources/pbrender/Link/order.txt: the functions that one image per process and `pbrender serve` run,
grouped by which of them run each, for the linker to put together.

    python3 Tests/Benchmarks/order_file.py

from the repository root (needs valgrind). It builds pbrender in release (linking with a map), runs the
commands below under callgrind (without demangling), and runs `pbrender serve` under callgrind for the
requests of serve.py's memory soak (a cached badge, an uncached ring, a document by POST). Every function
of pbrender's own binary that ran goes in the list: first those that more of these runs use, and those the
same runs use side by side (so the ring touches the code every run needs and its own, and the server the
code every run needs and the server's), then, last, those that sit in one of the static Swift libraries'
whole-library sections (libswiftCore's Swift.o is a single 1.5 MB section, which ordering any of its
functions moves as a block: among the others, it pushed the rest 1.5 MB further). The release build links
with `--symbol-ordering-file` (Package.swift), so those functions sit side by side at the start of the
text: one image touches about 2 MB of the binary's code instead of 5 (the kernel maps code 64 KB around
each fault), which is most of the difference between pbrender's resident memory and the C floor's
(Tests/Benchmarks/results/startup.md).

Functions the compiler emits without a symbol (`.text..L*` sections: shared value witnesses, object
destroyers) cannot be listed, nor seen by callgrind; `Sources/pbrender/Link/private-functions.ld` puts them
all together in front of the listed ones.

Names that later changes remove or rename are skipped by the linker (`--no-warn-symbol-ordering`), so a
stale list only costs memory, never correctness; run this again after large changes to the render path.
"""

import os
import re
import signal
import subprocess
import sys
import tempfile
import urllib.request

from serve import free_port, wait_for_port

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ORDER = os.path.join(REPO, "Sources", "pbrender", "Link", "order.txt")
EXAMPLES = os.path.join(REPO, "Examples")

# What people run most: the README's images (a ring, a bar, a badge, a label, a document) in the formats that
# are made one per process.
COMMANDS = [
    ["--progress", "0.5", "-o", "{out}/ring.png"],
    ["--progress", "1", "-o", "{out}/ring.png"],
    ["--progress", "0.5", "-o", "{out}/ring.svg"],
    ["--shape", "bar", "--progress", "0.3", "-o", "{out}/bar.png"],
    ["badge", "--progress", "0.87", "-o", "{out}/badge.svg"],
    ["badge", "--progress", "0.87", "-o", "{out}/badge.png"],
    ["--progress", "0.42", "--label", "percent", "-o", "{out}/label.png"],
    ["--progress", "0.5", "-o", "{out}/ring.pdf"],
    ["--path", os.path.join(EXAMPLES, "landscape.svg"), "--progress", "0.5", "-o", "{out}/logo.png"],
    ["--help"],
]

# What serve.py's memory soak requests (MIXED_LUA), each a few times.
SERVER_REQUESTS = [
    ("GET", "/badge.svg?title=coverage&progress=0.{index}", None),
    ("GET", "/render.png?shape=ring&size=256&progress=0.12{index}", None),
    ("POST", "/render.png?progress=0.4{index}", os.path.join(EXAMPLES, "check.svg")),
]


def profile_server(stripped, profile):
    """Runs `pbrender serve` under callgrind for SERVER_REQUESTS, three times each, and stops it. Its cache is
    small enough that the later requests evict earlier responses, as a full cache does all day."""
    port = free_port()
    server = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}", stripped, "serve",
         "--port", str(port), "--threads", "2", "--cache-size", "32KB"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, server, seconds=60)  # valgrind starts slowly
        for index in range(1, 4):
            for method, target, body_file in SERVER_REQUESTS:
                body = open(body_file, "rb").read() if body_file else None
                request = urllib.request.Request(
                    f"http://127.0.0.1:{port}{target.format(index=index)}", data=body, method=method,
                    headers={"Content-Type": "image/svg+xml"} if body else {})
                with urllib.request.urlopen(request, timeout=60) as response:
                    response.read()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=120)


def section_sizes(map_file):
    """Each function's input section size, from lld's map of the link (`-Map`)."""
    sizes, section, in_text = {}, 0, False
    with open(map_file) as f:
        for line in f:
            match = re.match(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s(\s*)(\S.*)$", line)
            if not match:
                continue
            indent, name = len(match.group(2)), match.group(3).strip()
            if indent == 0:
                in_text = name == ".text"
            elif in_text and indent <= 8:
                section = int(match.group(1), 16)
            elif in_text:
                sizes[name] = section
    return sizes


def profiled_functions(profile, text_symbols):
    """The functions of pbrender's binary that ran in a callgrind profile, in the order callgrind met them."""
    functions, seen = [], set()
    with open(profile) as f:
        for line in f:
            match = re.match(r"^c?fn=\(\d+\) (\S+)", line)
            if match and match.group(1) in text_symbols and match.group(1) not in seen:
                seen.add(match.group(1))
                functions.append(match.group(1))
    return functions


def main():
    with tempfile.TemporaryDirectory() as scratch:
        # The map of the link names each function's input section; asking for it only links again.
        link_map = os.path.join(scratch, "pbrender.map")
        subprocess.run(["swift", "build", "-c", "release", "--product", "pbrender", "-Xlinker", f"-Map={link_map}"],
                       cwd=REPO, check=True)
        binary = os.path.join(REPO, ".build", "release", "pbrender")
        # valgrind cannot read the debug information of Swift's static binaries: symbols only.
        stripped = os.path.join(scratch, "pbrender")
        subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
        text_symbols = set(
            line.split()[2]
            for line in subprocess.run(["nm", stripped], capture_output=True, text=True, check=True).stdout.splitlines()
            if len(line.split()) == 3 and line.split()[1] in "tT"
        )
        profiles = []
        for index, command in enumerate(COMMANDS):
            profile = os.path.join(scratch, f"profile.{index}")
            arguments = [part.replace("{out}", scratch) for part in command]
            subprocess.run(
                ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}", stripped, *arguments],
                capture_output=True, check=True)
            profiles.append(profile)
        profiles.append(os.path.join(scratch, "profile.serve"))
        profile_server(stripped, profiles[-1])
        runs = [profiled_functions(profile, text_symbols) for profile in profiles]
        sizes = section_sizes(link_map)
    # Which runs use each function, and when one first did.
    users, first = {}, {}
    for run_index, functions in enumerate(runs):
        for function in functions:
            users.setdefault(function, []).append(run_index)
            first.setdefault(function, len(first))
    # Functions the same runs use sit together, those most runs use first: a run then touches only the groups
    # it uses. A function in a static library's one big section (libswiftCore's Swift.o is 1.5 MB) moves that
    # whole section, so those come last, not between the small ones.
    def key(function):
        return (sizes.get(function, 0) > 65536, -len(users[function]), users[function], first[function])

    order = sorted(first, key=key)
    with open(ORDER, "w") as f:
        f.write("\n".join(order) + "\n")
    print(f"wrote {len(order)} functions to {os.path.relpath(ORDER, REPO)}", file=sys.stderr)
    # SwiftPM does not relink when only the order file changed: the binary goes, and is linked again.
    os.remove(binary)
    subprocess.run(["swift", "build", "-c", "release", "--product", "pbrender"], cwd=REPO, check=True)


if __name__ == "__main__":
    main()
