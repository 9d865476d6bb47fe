#!/usr/bin/env python3
"""The start-up benchmark (issue 27): one image per process, side by side, on a quiet and on a loaded machine.

    python3 Tests/Benchmarks/startup.py [--runs N] [--no-callgrind]

from the repository root. It builds what it needs itself: pbrender in release as the README says
(`swift build -c release --product pbrender`) and the C floor `cairo_floor.c` from `../shared/bench`
(plain C on Cairo, Cairo's own PNG writer). The three programs draw the same picture, the default ring at
progress 1 (the floor's one-image mode draws progress 1):

  (1) `pbrender --progress 1 -o ring.png`, installed in a folder of its own as the README says;
  (2) `cairo_floor ring file 1 DIR`;
  (3) `rsvg-convert ring.svg -o ring.png`, the same ring as an SVG document.

They run interleaved, N times each, twice: on the machine as it is, then with both cores kept busy by a
build (two loops of `cc -O2` compiling the floor's source, started and stopped here). For each it reports
the median CPU time (user + system, from wait4), wall time, minor page faults and peak resident memory;
once each, instructions counted by callgrind (exact and repeatable, whatever the load) and the dynamic
linker's share of them; the shared libraries it loads; and the stripped size of the binary. Then the
targets of issue 27, met or not. The report goes to `Tests/Benchmarks/results/startup.md`.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from benchinfo import callgrind, countable, have, ms, report_header, swift_build, system_description, verdict, version, write_report
from render import ring_svg

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMMAND = "python3 Tests/Benchmarks/startup.py"
RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "startup.md")
FLOOR_SOURCES = [
    os.path.join(os.path.dirname(REPO), "shared", "bench", "cairo_floor.c"),
    "/work/shared/bench/cairo_floor.c",
]
PBRENDER, FLOOR, RSVG = "pbrender (release)", "C floor (cairo_floor)", "rsvg-convert"


def build_floor(directory):
    """The C floor and its source, or (None, None) when `../shared/bench` is missing."""
    source = next((path for path in FLOOR_SOURCES if os.path.exists(path)), None)
    if not source:
        return None, None
    binary = os.path.join(directory, "cairo_floor")
    flags = subprocess.check_output(["pkg-config", "--cflags", "--libs", "cairo"], text=True).split()
    subprocess.run(["cc", "-O2", "-o", binary, source, *flags, "-lm"], check=True)
    return binary, source


def shared_libraries(binary):
    """How many shared libraries `binary` loads at start (ldd's lines with a `=>` or the loader)."""
    output = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    return sum(1 for line in output.splitlines() if "=>" in line or "ld-linux" in line)


def stripped_size(binary):
    """The size in bytes of `binary` without its symbols and debug information."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, "stripped")
        subprocess.run(["strip", "-o", copy, binary], check=True)
        return os.path.getsize(copy)


def linker_instructions(command):
    """Instructions in the dynamic linker, from one callgrind run with a profile file."""
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


# A small launcher: Python's fork copies the interpreter's page tables, and the child's faults and peak
# memory (counted until exec) would be the interpreter's, not the program's.
LAUNCHER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>
int main(int argc, char **argv) {
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execvp(argv[1], argv + 1);
        _exit(127);
    }
    int status;
    struct rusage usage;
    wait4(pid, &status, 0, &usage);
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%d %.9f %.9f %ld %ld\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
           usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
           end.tv_sec - start.tv_sec + (end.tv_nsec - start.tv_nsec) / 1e9, usage.ru_minflt, usage.ru_maxrss);
    return 0;
}
"""


def build_launcher(directory):
    """The launcher, compiled."""
    source, binary = os.path.join(directory, "launch.c"), os.path.join(directory, "launch")
    with open(source, "w") as f:
        f.write(LAUNCHER)
    subprocess.run(["cc", "-O2", "-o", binary, source], check=True)
    return binary


def run_once(launcher, command):
    """CPU seconds (user + system), wall seconds, minor faults and peak RSS (KiB) of one run."""
    output = subprocess.run([launcher, *command], capture_output=True, text=True, check=True).stdout.split()
    if output[0] != "0":
        sys.exit(f"{' '.join(command)} failed with exit code {output[0]}")
    return float(output[1]), float(output[2]), int(output[3]), int(output[4])


def measure(launcher, programs, runs):
    """Each program `runs` times, interleaved: lists of CPU, wall, faults and peak RSS by program."""
    results = {name: {"cpu": [], "wall": [], "faults": [], "rss": []} for name in programs}
    for command in programs.values():
        run_once(launcher, command)  # the page cache
    for _ in range(runs):
        for name, command in programs.items():
            cpu, wall, faults, rss = run_once(launcher, command)
            for key, value in (("cpu", cpu), ("wall", wall), ("faults", faults), ("rss", rss)):
                results[name][key].append(value)
    return results


class BuildLoad:
    """Both cores busy with a build: two shell loops compiling `source` with `cc -O2`, until stopped."""

    def __init__(self, source, scratch):
        loop = f"while true; do cc -O2 -c {source} -o {scratch}/load-$$.o $(pkg-config --cflags cairo); done"
        self.processes = [subprocess.Popen(["sh", "-c", loop], start_new_session=True) for _ in range(2)]

    def stop(self):
        for process in self.processes:
            os.killpg(process.pid, 15)
            process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=101, help="interleaved runs of each program (default 101)")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    args = parser.parse_args()

    built = swift_build(None, REPO)
    work = tempfile.mkdtemp(prefix="pbrender-startup-")
    # Installed as the README says (cp .build/release/pbrender /usr/local/bin/): the dynamic linker looks for
    # each library in the binary's own folder first ($ORIGIN, which SwiftPM adds), and in the build folder
    # those misses cost 0.4 ms a process.
    os.makedirs(os.path.join(work, "bin"))
    pbrender = os.path.join(work, "bin", "pbrender")
    shutil.copy2(built, pbrender)
    svg = os.path.join(work, "ring.svg")
    with open(svg, "w") as f:
        f.write(ring_svg(1))
    programs = {PBRENDER: [pbrender, "--progress", "1", "-o", os.path.join(work, "ring.png")]}
    floor, floor_source = build_floor(work)
    if floor:
        programs[FLOOR] = [floor, "ring", "file", "1", work]
    if have("rsvg-convert"):
        programs[RSVG] = ["rsvg-convert", svg, "-o", os.path.join(work, "rsvg.png")]

    launcher = build_launcher(work)
    quiet = measure(launcher, programs, args.runs)
    loaded = None
    if floor_source:
        load = BuildLoad(floor_source, work)
        try:
            loaded = measure(launcher, programs, args.runs)
        finally:
            load.stop()
    paths = {name: command[0] if os.path.isabs(command[0]) else shutil.which(command[0])
             for name, command in programs.items()}
    libraries = {name: shared_libraries(path) for name, path in paths.items()}
    sizes = {name: stripped_size(path) for name, path in paths.items()}
    instructions, linker = {}, {}
    if not args.no_callgrind and have("valgrind"):
        for name, command in programs.items():
            instructions[name] = callgrind(command)
            linker[name] = linker_instructions(command)
    shutil.rmtree(work)

    def median(results, name, key):
        return statistics.median(results[name][key])

    lines = report_header("Start-up benchmark: one image, one process",
                          COMMAND + (" " + " ".join(sys.argv[1:]) if sys.argv[1:] else ""))
    lines += [
        f"on {system_description()}; {version(['swift', '--version'])}; {version(['rsvg-convert', '--version'])}. "
        f"{args.runs} interleaved runs of each program, quiet and then with both cores busy compiling (two `cc -O2` "
        "loops); CPU is user + system from wait4; medians. The same picture everywhere: the default ring at "
        "progress 1.",
        "",
        "| program | CPU quiet | CPU loaded | wall quiet | page faults | peak memory | instructions | in the dynamic linker | libraries | binary (stripped) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name in programs:
        count, share = instructions.get(name), linker.get(name)
        lines.append(
            f"| {name} | {ms(median(quiet, name, 'cpu'))} ms | "
            + (f"{ms(median(loaded, name, 'cpu'))} ms" if loaded else "–") + " | "
            + f"{ms(median(quiet, name, 'wall'))} ms | {median(quiet, name, 'faults'):.0f} | "
            + f"{median(quiet, name, 'rss') / 1024:.1f} MiB | "
            + (f"{count / 1e6:.1f} M" if count else "–") + " | "
            + (f"{share / 1e6:.1f} M ({share / count:.0%})" if count and share is not None else "–") + " | "
            + f"{libraries[name]} | {sizes[name] / 1e6:.1f} MB |")
    lines += ["", "## Targets (issue 27)", ""]
    if FLOOR in programs:
        for label, results in (("quiet", quiet), ("loaded", loaded)):
            if not results:
                continue
            ratio = median(results, PBRENDER, "cpu") / median(results, FLOOR, "cpu")
            lines.append(f"- CPU, {label}: at most 1.0× the C floor's: {ratio:.2f}× — {verdict(ratio <= 1.0)}.")
            if RSVG in programs:
                cheaper = median(results, RSVG, "cpu") / median(results, PBRENDER, "cpu")
                lines.append(f"- CPU, {label}: at least 2× less than rsvg-convert's: {cheaper:.2f}× less — "
                             f"{verdict(cheaper >= 2)}.")
        faults = median(quiet, PBRENDER, "faults") / median(quiet, FLOOR, "faults")
        lines.append(f"- Page faults: at most 1.5× the floor's: {faults:.2f}× — {verdict(faults <= 1.5)}.")
        rss = median(quiet, PBRENDER, "rss") / median(quiet, FLOOR, "rss")
        lines.append(f"- Peak memory: at most 2× the floor's: {rss:.2f}× — {verdict(rss <= 2)}.")
    size = sizes[PBRENDER] / 1e6
    lines.append(f"- Binary: at most 16 MB stripped: {size:.1f} MB — {verdict(size <= 16)}.")
    write_report(RESULTS, lines)


if __name__ == "__main__":
    main()
