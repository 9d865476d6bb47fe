#!/usr/bin/env python3
"""Drawing SVG documents (issue 29's speed targets): pbrender against rsvg-convert, side by side.

    python3 Tests/Benchmarks/document_drawing.py [--runs N] [--sample N] [--no-load] [--no-callgrind]

from the repository root, with `bash .ci/install-deps` done (bootstrap-icons, rsvg-convert,
valgrind). It builds `pbrender` in release, then measures, interleaving the programs run for run:

  (1) one document a process: `pbrender --path ICON --progress 0.5 -o OUT.png` against
      `rsvg-convert ICON -o OUT.png` on a sample of bootstrap's icons (every k-th), each at 96 px
      (`--size 96`, `-w 96 -h 96`); the median of the per-icon CPU ratios, quiet and with both cores
      busy compiling (a build's load); instructions by callgrind for one icon. Target: <= 1.1x.
  (2) a 100-frame animation of one icon as APNG (`--animate-to 1 --duration 2 --fps 50`) in one
      process, against 100 rsvg-convert processes (one still each). Target: <= 0.05x. Also the same
      pinned to one core (`taskset -c 0`), with wall times: rendering frames on two cores at once
      costs CPU (each core runs slower beside the other) for less wall time.
  (3) a 10,000-element document (ten thousand stroked and filled circles) at progress 0.5: peak
      resident memory against rsvg-convert's. Target: <= 1.5x.

CPU is user + system time from wait4; the table goes to `Tests/Benchmarks/results/document-drawing.md`.
rsvg-convert and valgrind are peers and the harness only.
"""

import argparse
import os
import statistics
import sys
import tempfile

from benchinfo import (callgrind, have, ms, report_header, run_measured, swift_build, system_description, verdict,
                       version, write_report)
from startup import BuildLoad

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMMAND = "python3 Tests/Benchmarks/document_drawing.py"
RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "document-drawing.md")
ICONS = "/usr/share/bootstrap-icons/svg"
ANIMATED_ICON = os.path.join(ICONS, "github.svg")


def icon_sample(count):
    files = sorted(f for f in os.listdir(ICONS) if f.endswith(".svg") and not os.path.islink(os.path.join(ICONS, f)))
    step = max(len(files) // count, 1)
    return [os.path.join(ICONS, f) for f in files[::step][:count]]


def per_process(pbrender, icons, runs, scratch):
    """The median over icons of pbrender's CPU over rsvg-convert's, and each one's median CPU (seconds)."""
    ratios, ours_all, theirs_all = [], [], []
    for icon in icons:
        ours_cmd = [pbrender, "--path", icon, "--progress", "0.5", "--size", "96", "-o", f"{scratch}/p.png", "--force"]
        theirs_cmd = ["rsvg-convert", "-w", "96", "-h", "96", icon, "-o", f"{scratch}/r.png"]
        run_measured(ours_cmd)  # the page cache
        run_measured(theirs_cmd)
        ours, theirs = [], []
        for _ in range(runs):
            ours.append(run_measured(ours_cmd)[1])
            theirs.append(run_measured(theirs_cmd)[1])
        ours_all.append(statistics.median(ours))
        theirs_all.append(statistics.median(theirs))
        ratios.append(ours_all[-1] / theirs_all[-1])
    return statistics.median(ratios), statistics.median(ours_all), statistics.median(theirs_all)


def animation(pbrender, runs, scratch):
    """CPU and wall time of one 100-frame APNG on every core and on one (`taskset -c 0`), and CPU of 100
    rsvg-convert processes (medians of `runs`, interleaved)."""
    ours_cmd = [pbrender, "--path", ANIMATED_ICON, "--animate-to", "1", "--duration", "2", "--fps", "50", "--size",
                "96", "-o", f"{scratch}/a.apng", "--force"]
    theirs_cmd = ["rsvg-convert", "-w", "96", "-h", "96", ANIMATED_ICON, "-o", f"{scratch}/r.png"]
    ours, one_core, theirs = [], [], []
    for _ in range(runs):
        ours.append(run_measured(ours_cmd)[:2])
        one_core.append(run_measured(["taskset", "-c", "0"] + ours_cmd)[:2])
        theirs.append(sum(run_measured(theirs_cmd)[1] for _ in range(100)))
    def medians(pairs):
        return statistics.median(cpu for _, cpu in pairs), statistics.median(wall for wall, _ in pairs)
    return medians(ours), medians(one_core), statistics.median(theirs)


def large_document(path):
    circles = "".join(
        f'<circle cx="{10 + (i % 100) * 10}" cy="{10 + (i // 100) * 10}" r="4" fill="#8ecae6" stroke="#023047"/>'
        for i in range(10_000))
    with open(path, "w") as f:
        f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="1020" height="1020">{circles}</svg>')


def memory(pbrender, document, runs, scratch):
    """Peak RSS (KiB) of pbrender at 0.5 and of rsvg-convert on `document` (medians of `runs`)."""
    ours_cmd = [pbrender, "--path", document, "--progress", "0.5", "-o", f"{scratch}/m.png", "--force"]
    theirs_cmd = ["rsvg-convert", document, "-o", f"{scratch}/r.png"]
    ours = [run_measured(ours_cmd)[2] for _ in range(runs)]
    theirs = [run_measured(theirs_cmd)[2] for _ in range(runs)]
    return statistics.median(ours), statistics.median(theirs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each program (default 5)")
    parser.add_argument("--sample", type=int, default=20, help="icons run one process each (default 20)")
    parser.add_argument("--no-load", action="store_true", help="skip the loaded measurement")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    args = parser.parse_args()
    for tool in ["rsvg-convert"] + ([] if args.no_callgrind else ["valgrind"]):
        if not have(tool):
            sys.exit(f"{tool} is missing: bash .ci/install-deps")
    pbrender = swift_build(None, REPO)
    icons = icon_sample(args.sample)
    with tempfile.TemporaryDirectory() as scratch:
        quiet = per_process(pbrender, icons, args.runs, scratch)
        loaded = None
        if not args.no_load:
            source = os.path.join(scratch, "load.c")
            with open(source, "w") as f:
                f.write("".join(f"double f{i}(double x) {{ return x * {i} + f{i - 1}(x / 2); }}\n" if i else
                                "double f0(double x) { return x; }\n" for i in range(3000)))
            load = BuildLoad(source, scratch)
            try:
                loaded = per_process(pbrender, icons, args.runs, scratch)
            finally:
                load.stop()
        frames = animation(pbrender, args.runs, scratch)
        document = os.path.join(scratch, "ten-thousand.svg")
        large_document(document)
        peaks = memory(pbrender, document, args.runs, scratch)
        instructions = None
        if not args.no_callgrind:
            icon = icons[len(icons) // 2]
            instructions = (
                os.path.basename(icon),
                callgrind([pbrender, "--path", icon, "--progress", "0.5", "--size", "96", "-o", f"{scratch}/c.png",
                           "--force"]),
                callgrind(["rsvg-convert", "-w", "96", "-h", "96", icon, "-o", f"{scratch}/c2.png"]))
    load_average = os.getloadavg()[0]
    lines = report_header("SVG document drawing: pbrender against rsvg-convert", COMMAND + " " + " ".join(sys.argv[1:]))
    lines += [
        f"on {system_description()}; {version(['rsvg-convert', '--version'])}. Load average {load_average:.2f} at "
        f"the end. Icons: {len(icons)} of `{ICONS}` (every k-th), drawn at 96 px; CPU is user + system time.",
        "",
        "| measurement | pbrender | rsvg-convert | ratio | target |",
        "|---|---:|---:|---:|---|",
        f"| one icon a process at 0.5, quiet (median CPU; ratio: median of per-icon ratios) | {ms(quiet[1])} ms | "
        f"{ms(quiet[2])} ms | {quiet[0]:.2f}x | <= 1.1x: {verdict(quiet[0] <= 1.1)} |",
    ]
    if loaded:
        lines.append(
            f"| the same with both cores compiling | {ms(loaded[1])} ms | {ms(loaded[2])} ms | {loaded[0]:.2f}x | "
            f"<= 1.1x: {verdict(loaded[0] <= 1.1)} |")
    if instructions:
        name, ours, theirs = instructions
        lines.append(
            f"| instructions, `{name}` (callgrind) | {ours / 1e6:.1f} M | {theirs / 1e6:.1f} M | {ours / theirs:.2f}x | |")
    (cpu, wall), (one_cpu, one_wall), theirs = frames
    lines.append(
        f"| 100 frames of `github.svg` (one APNG, every core; 100 rsvg-convert processes) | {ms(cpu)} ms "
        f"({ms(wall)} ms wall) | {ms(theirs)} ms | {cpu / theirs:.3f}x | <= 0.05x: {verdict(cpu / theirs <= 0.05)} |")
    lines.append(
        f"| the same on one core (`taskset -c 0`) | {ms(one_cpu)} ms ({ms(one_wall)} ms wall) | {ms(theirs)} ms | "
        f"{one_cpu / theirs:.3f}x | (not the default) |")
    memory_ratio = peaks[0] / peaks[1]
    lines.append(
        f"| peak memory, 10,000 circles at 0.5 | {peaks[0] / 1024:.1f} MiB | {peaks[1] / 1024:.1f} MiB | "
        f"{memory_ratio:.2f}x | <= 1.5x: {verdict(memory_ratio <= 1.5)} |")
    write_report(RESULTS, lines)


if __name__ == "__main__":
    main()
