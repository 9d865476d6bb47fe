#!/usr/bin/env python3
"""The SVG document benchmark (issue 18): reading and measuring a real icon set, side by side.

    python3 Tests/Benchmarks/documents.py [--rounds N] [--sample N] [--icons DIR]

from the repository root, with `bash .ci/install-deps` done (Debian's bootstrap-icons, svgpathtools,
rsvg-convert). It builds `pbrender-bench` and `pbrender` in release, then, on every `.svg` file of
the icon set (default `/usr/share/bootstrap-icons/svg`, about 2,000 icons):

  (1) pbrender in process (`pbrender-bench documents DIR`): every file read as an `SVGDocument` and
      every element measured (`PathMeasure`, accuracy 1e-9), N rounds after an untimed one; the
      process's CPU time per round, so the shared machine's other work does not count;
  (2) svgpathtools in process: the test suite's length oracle
      (`Tests/PBDocumentTests/Oracles/svgpathtools_lengths.py`, svgpathtools' `Document` and scipy at
      1e-13), one Python process over all the files, its CPU time from wait4;
  (3) one process per file, on a sample of the files (every k-th, `--sample` of them): `pbrender
      measure --path FILE` and `rsvg-convert FILE` (which reads and draws it), CPU from wait4.

It checks that pbrender's total length of every file agrees with svgpathtools' (the largest relative
difference is reported), and writes the table to `Tests/Benchmarks/results/documents.md`. Python
and svgpathtools are the harness and the peer only.
"""

import argparse
import importlib.metadata
import json
import os
import statistics
import sys
import tempfile

from benchinfo import have, ms, report_header, run_measured, swift_build, system_description, version, write_report

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMMAND = "python3 Tests/Benchmarks/documents.py"
RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "documents.md")
ORACLE = os.path.join(REPO, "Tests", "PBDocumentTests", "Oracles", "svgpathtools_lengths.py")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds of pbrender in process (default 5)")
    parser.add_argument("--sample", type=int, default=200, help="files run one process each (default 200)")
    parser.add_argument("--icons", default="/usr/share/bootstrap-icons/svg", help="the folder of SVG files")
    args = parser.parse_args()
    if not os.path.isdir(args.icons):
        sys.exit(f"{args.icons} is missing: bash .ci/install-deps installs Debian's bootstrap-icons")
    files = sorted(name for name in os.listdir(args.icons) if name.endswith(".svg"))
    bench = swift_build(None, REPO, product="pbrender-bench")
    pbrender = swift_build(None, REPO)

    # (1) pbrender in process.
    result = json.loads(run_measured([bench, "documents", args.icons, "--rounds", str(args.rounds)])[3])
    ours = result["lengths"]
    pb_cpu = result["cpuSeconds"]["median"]

    # (2) svgpathtools, the test oracle, over every file in one process.
    paths = [os.path.join(args.icons, name) for name in files]
    _, oracle_cpu, _, output = run_measured([sys.executable, ORACLE, *paths])
    theirs = {os.path.basename(name): sum(lengths) for name, lengths in json.loads(output).items()}
    worst, worst_file = 0.0, None
    for name in files:
        a, b = ours.get(name), theirs.get(name)
        if a is None or b is None:
            continue
        difference = abs(a - b) / max(abs(b), 1e-300)
        if difference > worst:
            worst, worst_file = difference, name
    compared = sum(1 for name in files if name in ours and name in theirs)

    # (3) one process per file, on every k-th file.
    step = max(1, len(files) // max(1, args.sample))
    sample = [os.path.join(args.icons, name) for name in files[::step]][: args.sample]
    per_process = {"pbrender measure --path FILE (release)": [], "rsvg-convert FILE -o OUT.png": []}
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "out.png")
        for path in sample:  # interleaved
            per_process["pbrender measure --path FILE (release)"].append(
                run_measured([pbrender, "measure", "--path", path])[1])
            if have("rsvg-convert"):
                per_process["rsvg-convert FILE -o OUT.png"].append(run_measured(["rsvg-convert", path, "-o", out])[1])

    lines = report_header("SVG document benchmark: a real icon set read and measured",
                          COMMAND + (" " + " ".join(sys.argv[1:]) if sys.argv[1:] else ""))
    lines += [
        f"on {system_description()}; {version(['swift', '--version'])}; svgpathtools "
        f"{importlib.metadata.version('svgpathtools')}; "
        f"{version(['rsvg-convert', '--version'])}. Load average {os.getloadavg()[0]:.2f} at the end. "
        f"The icons: {len(files)} files of `{args.icons}`. CPU time is what counts on this shared machine.",
        "",
        "| reader | what it does | CPU per file | files per CPU second |",
        "|---|---|---:|---:|",
        f"| pbrender (`SVGDocument` + `PathMeasure`, in process) | parse (libxml2), shapes to exact paths, measure to 1e-9 "
        f"(median of {args.rounds} rounds) | {pb_cpu / len(files) * 1e6:.0f} µs | {len(files) / pb_cpu:,.0f} |",
        f"| svgpathtools (`Document`, scipy, in process) | parse, measure to 1e-13 | "
        f"{oracle_cpu / len(files) * 1e6:.0f} µs | {len(files) / oracle_cpu:,.0f} |",
    ]
    for name, values in per_process.items():
        if values:
            median = statistics.median(values)
            lines.append(f"| {name}, one process a file | {'read and measure' if 'pbrender' in name else 'read and draw'}"
                         f" ({len(values)} files) | {ms(median)} ms | {1 / median:,.0f} |")
    lines += [
        "",
        f"pbrender in process is {oracle_cpu / pb_cpu:,.0f}× cheaper than svgpathtools over the whole set. "
        f"Failures: pbrender {result['failures']} of {len(files)} files. "
        f"Agreement: over {compared} files the largest relative difference between pbrender's total length and "
        f"svgpathtools' is {worst:.1e}" + (f" (`{worst_file}`)." if worst_file else "."),
    ]
    write_report(RESULTS, lines)


if __name__ == "__main__":
    main()
