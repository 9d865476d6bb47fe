"""What the benchmarks share: the machine they ran on, and running, building and counting things.

Used by geometry.py, render.py, labels.py and apng.py.
"""

import datetime
import os
import platform
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib


# The ring every frame benchmark draws (render, labels, APNG): a 256x256 canvas, radius
# 128 - 22 - 12/2 = 100, width 12, round caps, UIProgressView's tints.
TRACK, PROGRESS = "#E6E6E6", "#007AFF"
RING_SCENE = [
    "--shape", "ring", "--width", "256", "--height", "256", "--padding", "22",
    "--track-color", TRACK, "--progress-color", PROGRESS, "--line-width", "12", "--line-cap", "round",
]  # fmt: skip


def report_header(title, command):
    """The first lines of a results file: its title, when it was measured and with what command."""
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return [f"# {title}", "", f"Measured {now} with", "", f"    {command}", ""]


def write_report(path, lines):
    """Prints the report and writes it to `path`."""
    text = "\n".join(lines)
    print(text)
    with open(path, "w") as f:
        f.write(text)


def cpu_name():
    """The CPU's model name from /proc/cpuinfo with its family and model numbers, and whether it is a
    virtual machine's ("AMD EPYC (family 26, model 2, in a virtual machine)"), or "unknown CPU"."""
    try:
        with open("/proc/cpuinfo") as f:
            fields = {}
            for line in f:
                key, _, value = line.partition(":")
                if not key.strip():
                    break  # the first processor only
                fields.setdefault(key.strip(), value.strip())
    except OSError:
        return "unknown CPU"
    details = [f"family {fields['cpu family']}, model {fields['model']}"] if "cpu family" in fields else []
    if "hypervisor" in fields.get("flags", "").split():
        details.append("in a virtual machine")
    return fields.get("model name", "unknown CPU") + (f" ({', '.join(details)})" if details else "")


def system_description():
    """`Debian GNU/Linux 12 (bookworm), x86_64, 2 cores, Intel(R) Xeon(R) Processor`."""
    os_name = platform.system()
    try:
        with open("/etc/os-release") as f:
            names = [line.split("=", 1)[1].strip().strip('"') for line in f if line.startswith("PRETTY_NAME=")]
            os_name = names[0] if names else os_name
    except OSError:
        pass
    return f"{os_name}, {platform.machine()}, {os.cpu_count()} cores, {cpu_name()}"


def version(command):
    """The first line `command` (e.g. `["rsvg-convert", "--version"]`) prints, on standard output or
    else standard error; "?" when the tool is missing or says nothing."""
    if not have(command[0]):
        return "?"
    result = subprocess.run(command, capture_output=True, text=True)
    lines = (result.stdout.strip() or result.stderr.strip()).splitlines()
    return lines[0] if lines else "?"


def ms(seconds):
    """Seconds as milliseconds to three significant digits (`0.875`, `12.5`, `1,239`)."""
    value = seconds * 1e3
    return f"{value:.3g}" if value < 10 else f"{value:,.0f}" if value >= 100 else f"{value:.1f}"


def verdict(ok):
    """A target's verdict in bold."""
    return "**met**" if ok else "**not met**"


def shell_quote(words):
    """`words` as one shell command line."""
    return " ".join(w if re.fullmatch(r"[\w@%+=:,./-]+", w) else "'" + w.replace("'", "'\\''") + "'" for w in words)


def run_measured(command, cwd=None):
    """Runs `command`; returns wall seconds, CPU seconds (user + system), peak RSS in KiB and
    standard output. The rusage comes from wait4, as `/usr/bin/time -v` gets it. Exits with the
    command's output when it fails."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    if process.returncode != 0:
        sys.exit(f"$ {shell_quote(command)}\n{stdout}{stderr}\nfailed with exit code {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, stdout


def countable(command, scratch):
    """`command` for valgrind: Debian's valgrind 3.19 gives up on the DWARF the toolchain's clang
    writes for C targets ("Possibly corrupted debuginfo file"), so a program given by its path runs as
    a copy in `scratch` without debug information, which executes the same instructions."""
    program = command[0]
    if not os.path.isabs(program) or not have("objcopy"):
        return command
    copy = os.path.join(scratch, os.path.basename(program))
    subprocess.run(["objcopy", "--strip-debug", program, copy], check=True)
    return [copy, *command[1:]]


def callgrind(command, toggle=None):
    """Instructions executed by `command` (all threads), counted by callgrind; with `toggle`, only
    inside the functions that pattern names."""
    options = ["--tool=callgrind", "--callgrind-out-file=/dev/null"]
    if toggle:
        options.append(f"--toggle-collect={toggle}")
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run(["valgrind", *options, *countable(command, scratch)], capture_output=True, text=True)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if result.returncode != 0 or not match:
        sys.exit(f"callgrind failed on {shell_quote(command)}:\n{result.stderr[-2000:]}")
    return int(match.group(1))


def have(tool):
    """Whether `tool` is on the PATH."""
    return shutil.which(tool) is not None


def swift_build(scratch, repository, product="pbrender"):
    """Builds `product` (the `pbrender` tool unless told) in release mode into `scratch` (the
    package's `.build` when `None`); returns the binary."""
    command = ["swift", "build", "-c", "release", *(["--scratch-path", scratch] if scratch else []), "--product", product]
    print("$ " + shell_quote(command), flush=True)
    build = subprocess.run(command, cwd=repository, capture_output=True, text=True)
    if build.returncode != 0:
        sys.exit(build.stdout + build.stderr + "\nThe build failed.")
    bin_path = subprocess.check_output([*command[:-2], "--show-bin-path"], cwd=repository, text=True).strip()
    return os.path.join(bin_path, product)


def compile_c(source_text, name, libraries, directory):
    """Writes `source_text` to directory/name.c and compiles it with the pkg-config flags of
    `libraries`; returns the binary."""
    source = os.path.join(directory, name + ".c")
    with open(source, "w") as f:
        f.write(source_text)
    binary = os.path.join(directory, name)
    flags = subprocess.check_output(["pkg-config", "--cflags", "--libs", *libraries], text=True).split()
    command = ["cc", "-O2", "-o", binary, source, *flags, "-lm"]
    print("$ " + shell_quote(command), flush=True)
    subprocess.run(command, check=True)
    return binary


def read_png(data):
    """Checks a PNG's structure (signature, chunk CRCs, IHDR, one zlib stream, IEND last) and
    returns (width, height, bit depth, colour type, decompressed scanlines)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("no PNG signature")
    offset, chunks, idat = 8, [], b""
    while offset < len(data):
        if offset + 12 > len(data):
            raise ValueError("truncated chunk")
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length : offset + 12 + length])
        if len(body) != length or zlib.crc32(kind + body) != crc:
            raise ValueError(f"bad chunk {kind!r}")
        chunks.append(kind)
        if kind == b"IDAT":
            idat += body
        if kind == b"IHDR":
            width, height, depth, colour, method, filtering, interlace = struct.unpack(">IIBBBBB", body)
            if (method, filtering, interlace) != (0, 0, 0):
                raise ValueError("unexpected compression, filter or interlace method")
        offset += 12 + length
    if chunks[0] != b"IHDR" or chunks[-1] != b"IEND" or b"IDAT" not in chunks:
        raise ValueError(f"bad chunk order {chunks}")
    decompressor = zlib.decompressobj()
    raw = decompressor.decompress(idat) + decompressor.flush()
    if not decompressor.eof or decompressor.unused_data:
        raise ValueError("the zlib stream is incomplete or has trailing bytes")
    return width, height, depth, colour, raw, chunks


def rgba_rows(data):
    """Straight-alpha RGBA bytes (rows top to bottom) of an 8-bit RGBA PNG, unfiltered."""
    width, height, depth, colour, raw, _ = read_png(data)
    if (depth, colour) != (8, 6):
        raise ValueError(f"expected 8-bit RGBA, got depth {depth} colour type {colour}")
    stride, bpp = 4 * width, 4
    if len(raw) != height * (stride + 1):
        raise ValueError("the scanlines do not match the size")
    out = bytearray(height * stride)
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        if kind == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
        elif kind == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + previous[x]) >> 1)) & 0xFF
        elif kind == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b, c = previous[x], previous[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        elif kind != 0:
            raise ValueError(f"unknown row filter {kind}")
        out[y * stride : (y + 1) * stride] = line
        previous = line
    return out
