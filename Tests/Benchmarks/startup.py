#!/usr/bin/env python3
"""The start-up benchmark (issue 19): one image, one process, side by side.

    python3 Tests/Benchmarks/startup.py [--runs N] [--no-callgrind]

from the repository root. It builds what it needs itself: pbrender in release as the README
recommends (`swift build -c release --product pbrender`, which links the Swift standard library and
Foundation in statically: see Package.swift), the debug build `swift run pbrender` uses (dynamic,
unoptimized), and the C floor `cairo_floor.c` from `../shared/bench`. Then it runs, interleaved,
N times each:

  (1) pbrender, the README's first command: `pbrender --progress 0.5 -o ring.png` (the default ring);
  (2) the same command with the debug build;
  (3) `cairo_floor ring file 1 DIR`: plain C on Cairo, one ring at 0.5 written by Cairo's PNG writer;
  (4) `rsvg-convert ring.svg -o ring.png` on an SVG of the floor's ring at 0.5.

It reports CPU time (user + system, from wait4) and wall time (medians), instructions counted
by callgrind (one run each: exact, where CPU time on this shared 2-core machine is noisy), the
dynamic linker's share of them (`_dl_` and `do_lookup` functions, from callgrind's function
list) and the shared libraries each program loads (`ldd`), and issue 19's targets: at most 1.5x
the floor's CPU, and 1.5x less than rsvg-convert's. The report goes to
`Tests/Benchmarks/results/startup.md`.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from benchinfo import callgrind, countable, have, ms, report_header, run_measured, swift_build, system_description, verdict, version, write_report
from render import ring_svg

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMMAND = "python3 Tests/Benchmarks/startup.py"
RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "startup.md")
FLOOR_SOURCES = [
    os.path.join(os.path.dirname(REPO), "shared", "bench", "cairo_floor.c"),
    "/work/shared/bench/cairo_floor.c",
]


def build_floor(directory):
    """The C floor, or None when `../shared/bench` is missing."""
    source = next((path for path in FLOOR_SOURCES if os.path.exists(path)), None)
    if not source:
        return None
    binary = os.path.join(directory, "cairo_floor")
    flags = subprocess.check_output(["pkg-config", "--cflags", "--libs", "cairo"], text=True).split()
    subprocess.run(["cc", "-O2", "-o", binary, source, *flags, "-lm"], check=True)
    return binary


def shared_libraries(binary):
    """How many shared libraries `binary` loads (ldd's lines with a `=>` or the loader)."""
    output = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    return sum(1 for line in output.splitlines() if "=>" in line or "ld-linux" in line)


def linker_instructions(command):
    """Instructions in the dynamic linker (ld.so's own functions, inclusive of nothing else), from one
    callgrind run with a profile file."""
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "profile.callgrind")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *countable(command, scratch)],
                       capture_output=True, check=True)
        annotated = subprocess.run(["callgrind_annotate", "--threshold=100", out], capture_output=True,
                                   text=True).stdout
    total = 0
    for line in annotated.splitlines():
        match = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(\S.*)", line)
        if match and "ld-linux-x86-64.so" in match.group(2):
            total += int(match.group(1).replace(",", ""))
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="interleaved runs of each program (default 21)")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    args = parser.parse_args()

    pbrender = swift_build(None, REPO)
    programs = {}
    work = tempfile.mkdtemp(prefix="pbrender-startup-")
    svg = os.path.join(work, "ring.svg")
    with open(svg, "w") as f:
        f.write(ring_svg(0.5))
    programs["pbrender (release)"] = [pbrender, "--progress", "0.5", "-o", os.path.join(work, "ring.png")]
    print("$ swift build --product pbrender", flush=True)
    subprocess.run(["swift", "build", "--product", "pbrender"], cwd=REPO, check=True)
    debug = os.path.join(REPO, ".build", "debug", "pbrender")
    programs["pbrender (debug, as `swift run`)"] = [debug, "--progress", "0.5", "-o", os.path.join(work, "ring.png")]
    floor = build_floor(work)
    if floor:
        programs["C floor (cairo_floor)"] = [floor, "ring", "file", "1", work]
    if have("rsvg-convert"):
        programs["rsvg-convert"] = ["rsvg-convert", svg, "-o", os.path.join(work, "rsvg.png")]

    cpu = {name: [] for name in programs}
    wall = {name: [] for name in programs}
    for name, command in programs.items():
        run_measured(command)  # warm the page cache
    for _ in range(args.runs):
        for name, command in programs.items():
            seconds, cpu_seconds, _, _ = run_measured(command)
            wall[name].append(seconds)
            cpu[name].append(cpu_seconds)
    libraries = {name: shared_libraries(command[0] if os.path.isabs(command[0]) else shutil.which(command[0]))
                 for name, command in programs.items()}
    instructions, linker = {}, {}
    if not args.no_callgrind and have("valgrind"):
        for name, command in programs.items():
            instructions[name] = callgrind(command)
            linker[name] = linker_instructions(command)
    shutil.rmtree(work)

    medians = {name: statistics.median(values) for name, values in cpu.items()}
    lines = report_header("Start-up benchmark: one image, one process", COMMAND + (" " + " ".join(sys.argv[1:])
                                                                                  if sys.argv[1:] else ""))
    load = os.getloadavg()[0]
    lines += [
        f"on {system_description()}; {version(['swift', '--version'])}; {version(['rsvg-convert', '--version'])}. "
        f"Load average {load:.2f} at the end. {args.runs} interleaved runs of each program; CPU is user + system "
        "from wait4, in the kernel's ticks where it counts them (a few ms), so medians are what to read.",
        "",
        "| program | CPU (median) | wall (median) | instructions | in the dynamic linker | shared libraries |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, command in programs.items():
        count = instructions.get(name)
        share = linker.get(name)
        lines.append(
            f"| {name} | {ms(medians[name])} ms | {ms(statistics.median(wall[name]))} ms | "
            + (f"{count / 1e6:.1f} M" if count else "–") + " | "
            + (f"{share / 1e6:.1f} M ({share / count:.0%})" if count and share is not None else "–") + " | "
            + f"{libraries[name]} |")
    lines += ["", "CPU of every run, in ms:", ""]
    for name, values in cpu.items():
        lines.append(f"- {name}: " + ", ".join(ms(value) for value in values))
    lines += ["", "## Targets (issue 19)", ""]
    floor_name, rsvg_name = "C floor (cairo_floor)", "rsvg-convert"
    for name in [n for n in programs if n.startswith("pbrender (release")]:
        if floor_name in medians:
            ratio = medians[name] / medians[floor_name]
            lines.append(f"- {name}: at most 1.5× the C floor's CPU: {ratio:.2f}× — {verdict(ratio <= 1.5)}.")
        if rsvg_name in medians:
            ratio = medians[rsvg_name] / medians[name]
            lines.append(f"- {name}: 1.5× less CPU than rsvg-convert's: {ratio:.2f}× less — {verdict(ratio >= 1.5)}.")
    write_report(RESULTS, lines)


if __name__ == "__main__":
    main()
