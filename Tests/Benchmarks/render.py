#!/usr/bin/env python3
"""The render benchmark (issue 3): 200 frames of a 256x256 progress ring, three ways.

    python3 Tests/Benchmarks/render.py [--quick] [--no-callgrind] [--runs N] [--scratch-path DIR]

from the repository root. It builds what it needs itself (`swift build -c release --product
pbrender`, the C floor `cairo_floor.c` from `../shared/bench` and a small libdeflate probe, both
compiled into `.build/render-bench-data`), then renders the same ring (circle centre (128,128),
radius 100, from 12 o'clock clockwise, width 12, round caps, track #E6E6E6, progress #007AFF,
transparent background) at the 200 progress values 0, 1/199, ..., 1 by

  (1) pbrender: one process, `--frames 200` (on every core, and again pinned to one core);
  (2) cairo_floor `ring file 200 OUTDIR`: plain C on Cairo, PNGs by Cairo's own writer (the
      floor a hand-written C tool reaches); skipped, with a note, when `../shared` is missing;
  (3) rsvg-convert, one process per frame, on equivalent SVGs (the progress is a dash of the
      exact circumference's length: rsvg ignores `pathLength`).

It reports wall time per frame (medians), CPU time, peak memory (`ru_maxrss`, what
`/usr/bin/time -v` prints as "Maximum resident set size"), instructions counted by callgrind
(exact, where wall time on this shared 2-core machine is noisy), PNG sizes, the targets of
issue 3, a sweep of libdeflate's levels 1-6 on the exact bytes pbrender compresses, every PNG
compression mode (issue 19: `fast`, `default`, `small`, each rendering the same 200 frames and the
30-frame ring through `SceneRenderer(compression:)` in `pbrender-bench ring-frames`, until the
command line takes `--compression`) beside the floor and rsvg-convert, and checks:
pbrender's PNGs are valid (chunk CRCs, zlib stream, sizes; Pillow reads them when it is
installed), deterministic (same bytes on every run, on one core or two, alone or in a
sequence), and look like the floor's and rsvg's (pixel differences, painted area).

Python is the harness only; nothing here is a runtime dependency of pbrender. The table is
printed and written, with the date, the command and the machine, to
`Tests/Benchmarks/results/render.md`.
"""

import argparse
import datetime
import hashlib
import json
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys

from benchinfo import (
    PROGRESS, RING_SCENE, TRACK, callgrind, compile_c, have, ms, read_png, rgba_rows, run_measured, shell_quote,
    swift_build, system_description, verdict, version,
)  # fmt: skip

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMMAND = "python3 Tests/Benchmarks/render.py"
RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "render.md")
DATA = os.path.join(REPO, ".build", "render-bench-data")
DEFAULT_SCRATCH = os.path.join(REPO, ".build", "renderbench")
FLOOR_SOURCES = [
    os.path.join(os.path.dirname(REPO), "shared", "bench", "cairo_floor.c"),
    "/work/shared/bench/cairo_floor.c",
]

FRAMES = 200
SIZE, CENTER, RADIUS, LINE_WIDTH = 256, 128.0, 100.0, 12.0
SAMPLE_FRAMES = [0, 1, 50, 100, 150, 198, 199]
LEVELS = [1, 2, 3, 4, 5, 6]
RSS_FRAME_COUNTS = [10, 1000]
# All 200 frames' PNG bytes when issue 13 was filed (libdeflate level 2, no row filter): its
# files must be no larger.
ISSUE_13_BYTES = 1_509_214
# The compression modes (issue 19), and the bytes before modes existed (libdeflate level 2, main at
# 54eaa4b on the Intel Xeon): the 200 frames are ISSUE_13_BYTES; the 30-frame ring (`--frames 30`
# of the same scene) was 225,890 bytes here (the issue quotes 226,984, measured on an AMD EPYC).
MODES = ["fast", "default", "small"]
BEFORE_MODES_30 = 225_890
ISSUE_19_BYTES_30 = 226_984

# Compresses the exact bytes pbrender's encoder compresses (row filter bytes + RGBA rows, one
# frame after another in RAWFILE) with libdeflate at one level, as the encoder does (one
# compressor, reused). Prints the bytes of one pass and the median and fastest microseconds per
# frame over the passes.
DEFLATE_PROBE = r"""
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}
static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: deflate_probe RAWFILE FRAME_BYTES LEVEL PASSES\n"); return 2; }
    size_t frame = strtoul(argv[2], NULL, 10);
    int level = atoi(argv[3]), passes = atoi(argv[4]);
    FILE *f = fopen(argv[1], "rb");
    if (!f || frame == 0 || passes < 1) { fprintf(stderr, "bad arguments\n"); return 2; }
    fseek(f, 0, SEEK_END);
    size_t size = ftell(f), frames = size / frame;
    fseek(f, 0, SEEK_SET);
    unsigned char *in = malloc(size);
    if (!in || fread(in, 1, size, f) != size) { fprintf(stderr, "cannot read\n"); return 1; }
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
    size_t bound = libdeflate_zlib_compress_bound(c, frame);
    unsigned char *out = malloc(bound);
    double *t = malloc(sizeof(double) * passes);
    size_t bytes = 0;
    for (int p = 0; p < passes; p++) {
        double t0 = now_us();
        bytes = 0;
        for (size_t i = 0; i < frames; i++) {
            size_t n = libdeflate_zlib_compress(c, in + i * frame, frame, out, bound);
            if (n == 0) { fprintf(stderr, "compression failed\n"); return 1; }
            bytes += n;
        }
        t[p] = (now_us() - t0) / frames;
    }
    qsort(t, passes, sizeof(double), cmp);
    printf("%zu %zu %.3f %.3f\n", frames, bytes, t[passes / 2], t[0]);
    return 0;
}
"""


def fresh_directory(name):
    path = os.path.join(DATA, name)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def outline_distance(x, y, p):
    """How far the centre of pixel (x, y) is from the outline of the frame at progress p: the
    ring's two edges and the round caps at the start and end of the progress."""
    px, py = x + 0.5 - CENTER, y + 0.5 - CENTER
    r = math.hypot(px, py)
    half = LINE_WIDTH / 2
    distance = min(abs(r - RADIUS + half), abs(r - RADIUS - half))
    for angle in (0.0, 2 * math.pi * p):
        cx, cy = RADIUS * math.sin(angle), -RADIUS * math.cos(angle)
        distance = min(distance, abs(math.hypot(px - cx, py - cy) - half))
    return distance


def compare(a, b, p):
    """Differences of two RGBA images of the frame at progress p, in premultiplied colour (what
    is painted): the largest channel difference (of 255), the mean, the share of pixels off by
    more than 8, how many of those lie more than 1.5 px from the scene's outline (anti-aliasing
    cannot explain those), and the painted areas (sums of alpha, in pixels)."""
    largest, total, off, inside = 0, 0, 0, 0
    area_a = area_b = 0
    for i in range(0, len(a), 4):
        alpha_a, alpha_b = a[i + 3], b[i + 3]
        area_a += alpha_a
        area_b += alpha_b
        worst = abs(alpha_a - alpha_b)
        for c in range(3):
            worst = max(worst, abs(a[i + c] * alpha_a - b[i + c] * alpha_b) // 255)
        largest = max(largest, worst)
        total += worst
        if worst > 8:
            off += 1
            y, x = divmod(i // 4, SIZE)
            inside += outline_distance(x, y, p) > 1.5
    pixels = len(a) // 4
    return {
        "max": largest,
        "mean": total / pixels,
        "off": off / pixels,
        "inside": inside,
        "area": (area_a / 255, area_b / 255),
    }


# ----------------------------------------------------------------------------------------------
# The scenes


def progress(index):
    return index / (FRAMES - 1)


def ring_svg(p):
    """The ring as SVG: the track and, above zero progress, the progress as one dash of the
    exact length p * 2πr (absolute lengths: rsvg-convert ignores pathLength)."""
    top, bottom = CENTER - RADIUS, CENTER + RADIUS
    half_circle = f"A {RADIUS:g} {RADIUS:g} 0 1 1"  # clockwise on screen (y down)
    path = f"M {CENTER:g} {top:g} {half_circle} {CENTER:g} {bottom:g} {half_circle} {CENTER:g} {top:g}"
    circumference = 2 * math.pi * RADIUS
    stroke = f'fill="none" stroke-width="{LINE_WIDTH:g}" stroke-linecap="round"'
    body = f'<path d="{path}" {stroke} stroke="{TRACK}"/>'
    if p > 0:
        dashes = f"{p * circumference!r} {circumference!r}"
        body += f'\n  <path d="{path}" {stroke} stroke="{PROGRESS}" stroke-dasharray="{dashes}"/>'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}">\n'
        f"  {body}\n</svg>\n"
    )


def frame_files(directory, digits):
    return [os.path.join(directory, f"frame-{i:0{digits}d}.png") for i in range(FRAMES)]


def digest(files):
    h = hashlib.sha256()
    for name in files:
        with open(name, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def sizes(files):
    return [os.path.getsize(f) for f in files]


# ----------------------------------------------------------------------------------------------
# Formatting




def mega(count):
    return f"{count / 1e6:.2f} M"


def ratio(value, reference):
    return f"{value / reference:.2f}×"




def machine():
    swift = version(["swift", "--version"])
    cairo = version(["pkg-config", "--modversion", "cairo"])
    deflate = version(["pkg-config", "--modversion", "libdeflate"])
    rsvg = version(["rsvg-convert", "--version"])
    return system_description(), f"{swift}; Cairo {cairo}, libdeflate {deflate}, {rsvg}, Python {platform.python_version()}"


# ----------------------------------------------------------------------------------------------


def measure_modes(bench, runs, use_callgrind, pb_files):
    """Every compression mode on the ring: CPU of whole `pbrender-bench ring-frames` processes (200
    and 20 frames, interleaved, so the difference is the marginal frame), callgrind instructions
    (the marginal frame), the bytes of the 200 frames and of the 30-frame ring, and checks (the
    same pixels in every mode, decoded by Python's zlib; the same bytes on every run; `default`'s
    files equal to the command line's)."""
    print(f"Timing the compression modes ({', '.join(MODES)}) ...", flush=True)
    short = 20
    result = {mode: {"long": [], "short": [], "hashes": set()} for mode in MODES}
    for run in range(max(3, runs // 2) + 1):
        for mode in MODES:
            directory = fresh_directory(f"mode-{mode}")
            long_run = run_measured([bench, "ring-frames", mode, str(FRAMES), directory])
            result[mode]["hashes"].add(digest(frame_files(directory, 4)))
            short_run = run_measured([bench, "ring-frames", mode, str(short), "-"])
            if run:
                result[mode]["long"].append(long_run[1])
                result[mode]["short"].append(short_run[1])
    pixels = None
    for mode in MODES:
        entry = result[mode]
        directory = os.path.join(DATA, f"mode-{mode}")
        files = frame_files(directory, 4)
        entry["bytes"] = sum(sizes(files))
        entry["bytes30"] = sum(json.loads(subprocess.check_output([bench, "ring-frames", mode, "30", "-"]))["sizes"])
        entry["cpu"] = statistics.median(entry["long"]) / FRAMES
        entry["marginal_cpu"] = (statistics.median(entry["long"]) - statistics.median(entry["short"])) / (FRAMES - short)
        decoded = []
        for name in files:
            with open(name, "rb") as f:
                decoded.append(hashlib.sha256(rgba_rows(f.read())).hexdigest())
        entry["same_pixels"] = pixels is None or decoded == pixels
        pixels = pixels or decoded
        entry["deterministic"] = len(entry["hashes"]) == 1
        if mode == "default":
            entry["cli_equal"] = digest(files) == digest(pb_files)
        if use_callgrind:
            # `small` spends ~40 ms a frame, ~50 times that under callgrind: fewer frames for it.
            few, many = (10, 30) if mode == "small" else (short, FRAMES)
            counts = [callgrind([bench, "ring-frames", mode, str(n), "-"]) for n in (few, many)]
            entry["instructions"] = (counts[1] - counts[0]) / (many - few)
            entry["instruction_frames"] = (few, many)
    return result


def modes_report(modes, rows, instructions):
    """The compression modes' table, targets and checks, as Markdown."""
    table = [
        "| mode | compressor | CPU per frame (200-frame process) | marginal CPU per frame | × floor's CPU "
        "| rsvg-convert's CPU ÷ this | marginal instructions per frame | × floor's | bytes, 200 frames "
        "| bytes, 30 frames | × before modes (30) |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    compressors = {"fast": "ISA-L igzip level 1", "default": "libdeflate level 6", "small": "libdeflate level 11"}
    floor_cpu = rows.get("floor", {}).get("cpu")
    rsvg_cpu = rows.get("rsvg", {}).get("cpu")
    floor_instructions = instructions.get("floor", (None, None))[1]
    for mode in MODES:
        entry = modes[mode]
        count = entry.get("instructions")
        cells = [
            f"`{mode}`",
            compressors[mode],
            f"{ms(entry['cpu'])} ms",
            f"{ms(entry['marginal_cpu'])} ms",
            f"{entry['marginal_cpu'] / floor_cpu:.3f}×" if floor_cpu else "–",
            f"{rsvg_cpu / entry['marginal_cpu']:.1f}×" if rsvg_cpu else "–",
            mega(count) if count else "–",
            f"{count / floor_instructions:.3f}×" if count and floor_instructions else "–",
            f"{entry['bytes']:,}",
            f"{entry['bytes30']:,}",
            f"{entry['bytes30'] / BEFORE_MODES_30:.3f}",
        ]
        table.append("| " + " | ".join(cells) + " |")
    table.append(
        f"| before modes (libdeflate level 2) | | | | | | | | {ISSUE_13_BYTES:,} | {BEFORE_MODES_30:,} | 1.000 |"
    )
    fast, default, small = (modes[m] for m in MODES)
    targets = []
    if floor_cpu:
        value = fast["marginal_cpu"] / floor_cpu
        targets.append(
            f"- `fast`: marginal CPU per frame at most **0.15×** the floor's: {value:.3f}× — {verdict(value <= 0.15)}."
        )
    if fast.get("instructions") and floor_instructions:
        value = fast["instructions"] / floor_instructions
        targets.append(
            f"- `fast`: marginal instructions per frame at most **0.1×** the floor's: {value:.3f}× — "
            f"{verdict(value <= 0.1)}."
        )
    if rsvg_cpu:
        value = rsvg_cpu / fast["marginal_cpu"]
        targets.append(
            f"- `fast`: at least **20×** cheaper in CPU than one rsvg-convert process per frame: {value:.1f}× — "
            f"{verdict(value >= 20)}."
        )
    value = small["bytes30"] / BEFORE_MODES_30
    targets.append(
        f"- `small`: the 30-frame ring's bytes at most **0.93×** before modes: {small['bytes30']:,} against "
        f"{BEFORE_MODES_30:,} ({value:.3f}×; {small['bytes30'] / ISSUE_19_BYTES_30:.3f}× the issue's "
        f"{ISSUE_19_BYTES_30:,}) — {verdict(value <= 0.93)}."
    )
    targets.append(
        f"- `default`: no larger than before modes: {default['bytes30']:,} against {BEFORE_MODES_30:,} (30 frames), "
        f"{default['bytes']:,} against {ISSUE_13_BYTES:,} (200) — "
        f"{verdict(default['bytes30'] <= BEFORE_MODES_30 and default['bytes'] <= ISSUE_13_BYTES)}."
    )
    checks = [
        "- Same pixels: "
        + (
            "every mode's 200 frames decode (Python's zlib, not the compressors that wrote them) to the same RGBA."
            if all(modes[m]["same_pixels"] for m in MODES)
            else "**the modes' frames decode to DIFFERENT pixels**."
        ),
        "- Deterministic: "
        + ", ".join(f"`{m}` {'the same bytes' if modes[m]['deterministic'] else '**DIFFERENT bytes**'} on every run"
                    for m in MODES)
        + "; `default`'s files are "
        + ("byte for byte the command line's." if default.get("cli_equal") else "**not** the command line's.")
    ]
    frames = fast.get("instruction_frames"), small.get("instruction_frames")
    text = (
        "Each mode renders the same 200 frames through one `SceneRenderer(compression:)` on one thread "
        "(`pbrender-bench ring-frames MODE 200 DIR`: the command line does not take `--compression` yet); CPU: "
        "user + system of the whole process over 200, medians of interleaved runs; marginal: (200-frame − "
        "20-frame process) / 180, one more frame without the process's start. Instructions: callgrind, "
        f"the marginal frame ((count for {frames[0][1] if frames[0] else FRAMES} frames − for "
        f"{frames[0][0] if frames[0] else 20}) / the difference; `small` from "
        f"{frames[1][0] if frames[1] else 10} and {frames[1][1] if frames[1] else 30} frames). The floor's and "
        "rsvg-convert's columns divide by the table above's per-frame CPU and marginal instructions (the floor's "
        "marginal frame; rsvg-convert's whole process)."
    )
    return "\n\n".join([text, "\n".join(table), "\n".join(targets), "\n".join(checks)])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, no callgrind (for a quick look)")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    parser.add_argument("--runs", type=int, default=None, help="timed runs of each 200-frame process (default 9)")
    parser.add_argument("--scratch-path", default=DEFAULT_SCRATCH, help="SwiftPM scratch path for the build")
    options = parser.parse_args()
    runs = options.runs or (3 if options.quick else 9)
    rsvg_passes = 1 if options.quick else 2
    use_callgrind = not (options.quick or options.no_callgrind)
    notes = []

    load_before = os.getloadavg()
    os.makedirs(DATA, exist_ok=True)
    for tool in ["cc", "pkg-config"] + (["valgrind"] if use_callgrind else []):
        if not have(tool):
            sys.exit(f"{tool} is missing: apt-get install build-essential pkg-config valgrind")

    # --- Build ---------------------------------------------------------------------------------
    pbrender = swift_build(os.path.abspath(options.scratch_path), REPO)
    bench = swift_build(os.path.abspath(options.scratch_path), REPO, "pbrender-bench")
    floor = None
    floor_source = next((s for s in FLOOR_SOURCES if os.path.exists(s)), None)
    if floor_source:
        with open(floor_source) as f:
            floor = compile_c(f.read(), "cairo_floor", ["cairo"], DATA)
    else:
        note = "../shared/bench/cairo_floor.c is missing (no ../shared beside the repository): no C floor column."
        print(note)
        notes.append(note)
    probe = compile_c(DEFLATE_PROBE, "deflate_probe", ["libdeflate"], DATA)
    rsvg = have("rsvg-convert")
    if not rsvg:
        note = "rsvg-convert is missing (apt-get install librsvg2-bin): its column is skipped."
        print(note)
        notes.append(note)
    taskset = have("taskset")

    # --- Inputs and commands ---------------------------------------------------------------------
    pb_dir, pb1_dir = fresh_directory("pbrender"), fresh_directory("pbrender-1core")
    floor_dir, rsvg_dir, svg_dir = fresh_directory("floor"), fresh_directory("rsvg"), fresh_directory("svg")
    pb_files, pb1_files = frame_files(pb_dir, 3), frame_files(pb1_dir, 3)
    floor_files, rsvg_files = frame_files(floor_dir, 4), frame_files(rsvg_dir, 3)
    svg_files = [os.path.join(svg_dir, f"frame-{i:03d}.svg") for i in range(FRAMES)]
    for i, name in enumerate(svg_files):
        with open(name, "w") as f:
            f.write(ring_svg(progress(i)))

    def pb_command(directory, frames=FRAMES):
        return [pbrender, *RING_SCENE, "--frames", str(frames), "-o", os.path.join(directory, "frame-%03d.png")]

    def floor_command(directory, frames=FRAMES):
        return [floor, "ring", "file", str(frames), directory]

    def rsvg_command(i):
        return ["rsvg-convert", "-o", rsvg_files[i], svg_files[i]]

    # --- Timing ------------------------------------------------------------------------------------
    print(f"Timing: {runs} runs of each {FRAMES}-frame process after one warm-up, interleaved ...", flush=True)
    timings = {"pb": [], "pb1": [], "floor": []}
    floor_reported = []
    hashes = set()
    digests = 0
    for run in range(runs + 1):
        # Every run writes into an empty directory: replacing files costs ext4 extra writeback.
        result = run_measured(pb_command(fresh_directory("pbrender")))
        hashes.add(digest(pb_files))
        digests += 1
        if run:
            timings["pb"].append(result)
        if taskset:
            result = run_measured(["taskset", "-c", "0", *pb_command(fresh_directory("pbrender-1core"))])
            hashes.add(digest(pb1_files))
            digests += 1
            if run:
                timings["pb1"].append(result)
        if floor:
            result = run_measured(floor_command(fresh_directory("floor")))
            if run:
                timings["floor"].append(result)
                match = re.search(r"([\d.]+) ms total, ([\d.]+) ms median per frame", result[3])
                if match:
                    floor_reported.append((float(match.group(1)), float(match.group(2))))
    rsvg_runs = []
    if rsvg:
        print(f"Timing rsvg-convert: {rsvg_passes} pass(es) of {FRAMES} processes ...", flush=True)
        for i in range(5):
            run_measured(rsvg_command(i))
        for _ in range(rsvg_passes):
            fresh_directory("rsvg")
            rsvg_runs.append([run_measured(rsvg_command(i)) for i in range(FRAMES)])
    if not taskset:
        notes.append("taskset is missing: the one-core run is skipped.")

    def summary(results):
        """Per-frame medians of a 200-frame process: wall, CPU; the process's wall; peak RSS."""
        walls = [r[0] for r in results]
        return {
            "frame": statistics.median(walls) / FRAMES,
            "fastest": min(walls) / FRAMES,
            "total": statistics.median(walls),
            "cpu": statistics.median(r[1] for r in results) / FRAMES,
            "rss": max(r[2] for r in results),
        }

    rows = {key: summary(value) for key, value in timings.items() if value}
    if rsvg_runs:
        every = [r for one in rsvg_runs for r in one]
        rows["rsvg"] = {
            "frame": statistics.median(r[0] for r in every),
            "fastest": min(r[0] for r in every),
            "total": statistics.median(sum(r[0] for r in one) for one in rsvg_runs),
            "cpu": statistics.median(r[1] for r in every),
            "rss": max(r[2] for r in every),
        }

    # --- Checks: validity, determinism, likeness --------------------------------------------------
    print("Checking pbrender's PNGs ...", flush=True)
    for name in pb_files:
        with open(name, "rb") as f:
            width, height, depth, colour, raw, chunks = read_png(f.read())
        if (width, height, depth, colour) != (SIZE, SIZE, 8, 6) or len(raw) != SIZE * (4 * SIZE + 1):
            sys.exit(f"{name}: unexpected header {width}x{height} depth {depth} colour {colour}")
        if chunks != [b"IHDR", b"IDAT", b"IEND"]:
            sys.exit(f"{name}: unexpected chunks {chunks}")
    single = os.path.join(DATA, "single-100.png")
    subprocess.run([pbrender, *RING_SCENE, "--progress", f"100/{FRAMES - 1}", "-o", single], check=True)
    with open(single, "rb") as f, open(pb_files[100], "rb") as g:
        single_matches = f.read() == g.read()
    deterministic = len(hashes) == 1 and single_matches
    pillow = "Pillow is not installed: skipped"
    try:
        from PIL import Image

        for name in pb_files:
            with Image.open(name) as image:
                image.load()
                if image.size != (SIZE, SIZE) or image.mode != "RGBA":
                    sys.exit(f"Pillow reads {name} as {image.mode} {image.size}")
        with open(pb_files[100], "rb") as f:
            ours = rgba_rows(f.read())
        with Image.open(pb_files[100]) as image:
            theirs = image.tobytes()
        import PIL

        pillow = f"Pillow {PIL.__version__} reads all {FRAMES}"
        pillow += " and decodes frame 100 to the same pixels" if ours == theirs else "; its pixels DIFFER from ours"
    except ImportError:
        pass
    likeness = []
    for i in SAMPLE_FRAMES:
        with open(pb_files[i], "rb") as f:
            ours = rgba_rows(f.read())
        entry = {"frame": i}
        if floor:
            with open(floor_files[i], "rb") as f:
                entry["floor"] = compare(ours, rgba_rows(f.read()), progress(i))
        if rsvg:
            with open(rsvg_files[i], "rb") as f:
                entry["rsvg"] = compare(ours, rgba_rows(f.read()), progress(i))
        likeness.append(entry)

    # --- PNG sizes --------------------------------------------------------------------------------
    pb_sizes = sizes(pb_files)
    floor_sizes = sizes(floor_files) if floor else None
    rsvg_sizes = sizes(rsvg_files) if rsvg else None

    # --- libdeflate levels --------------------------------------------------------------------------
    print("Sweeping libdeflate levels 1-6 on the bytes pbrender compresses ...", flush=True)
    raw_file = os.path.join(DATA, "scanlines.raw")
    with open(raw_file, "wb") as out:
        for name in pb_files:
            with open(name, "rb") as f:
                out.write(read_png(f.read())[4])
    frame_bytes = SIZE * (4 * SIZE + 1)
    levels = {level: {"us": [], "fastest": []} for level in LEVELS}
    for _ in range(3):  # Rounds over the levels, so that a busy moment hits them all alike.
        for level in LEVELS:
            _, count, median_us, fastest_us = subprocess.check_output(
                [probe, raw_file, str(frame_bytes), str(level), str(max(5, runs))], text=True
            ).split()
            levels[level]["bytes"] = int(count)
            levels[level]["us"].append(float(median_us))
            levels[level]["fastest"].append(float(fastest_us))
    for entry in levels.values():
        entry["us"], entry["fastest"] = statistics.median(entry["us"]), min(entry["fastest"])

    # --- Instructions ---------------------------------------------------------------------------------
    instructions = {}
    if use_callgrind:
        print("Counting instructions with callgrind (a few minutes) ...", flush=True)
        short = 20
        scratch = fresh_directory("callgrind")
        counts = callgrind(pb_command(scratch)), callgrind(pb_command(scratch, short))
        instructions["pb"] = (counts[0] / FRAMES, (counts[0] - counts[1]) / (FRAMES - short))
        if floor:
            counts = callgrind(floor_command(scratch)), callgrind(floor_command(scratch, short))
            instructions["floor"] = (counts[0] / FRAMES, (counts[0] - counts[1]) / (FRAMES - short))
        if rsvg:
            count = callgrind(["rsvg-convert", "-o", os.path.join(scratch, "rsvg.png"), svg_files[100]])
            instructions["rsvg"] = (count, count)
        for level in LEVELS:
            count = callgrind([probe, raw_file, str(frame_bytes), str(level), "1"], toggle="libdeflate_zlib_compress")
            levels[level]["instructions"] = count / FRAMES

    # --- Compression modes (issue 19) ----------------------------------------------------------------------
    modes = measure_modes(bench, runs, use_callgrind, pb_files)

    # --- Memory against the frame count -----------------------------------------------------------------
    peak_rss = {}
    for count in RSS_FRAME_COUNTS:
        directory = fresh_directory(f"rss-{count}")
        peak_rss[count] = max(run_measured(pb_command(directory, count))[2] for _ in range(3))
        shutil.rmtree(directory)

    load_after = os.getloadavg()

    # --- Report -------------------------------------------------------------------------------------
    about, versions = machine()
    labels = {
        "pb": "pbrender, one process, `--frames 200` on 2 workers",
        "pb1": "pbrender, the same pinned to one core (`taskset -c 0`)",
        "floor": "cairo_floor (C, Cairo's PNG writer), one process",
        "rsvg": "rsvg-convert, one process per frame",
    }
    reference = rows["pb"]["frame"]
    table = [
        "| renderer | wall per frame, median | × pbrender | fastest run | wall, 200 frames | CPU per frame "
        "| peak RSS | instructions per frame | PNG bytes per frame |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    size_of = {"pb": pb_sizes, "pb1": pb_sizes, "floor": floor_sizes, "rsvg": rsvg_sizes}
    for key in ["pb", "pb1", "floor", "rsvg"]:
        if key not in rows:
            continue
        row = rows[key]
        count = instructions.get("pb" if key == "pb1" else key)
        count_text = "–" if not count else mega(count[0]) + (f" ({mega(count[1])} marginal)" if key != "rsvg" else "")
        if key == "pb1" and count:
            count_text = "same work"
        size_list = size_of[key]
        size_text = f"{statistics.mean(size_list):,.0f}" if size_list else "–"
        table.append(
            f"| {labels[key]} | {ms(row['frame'])} ms | {ratio(row['frame'], reference)} | {ms(row['fastest'])} ms "
            f"| {ms(row['total'])} ms | "
            f"{ms(row['cpu'])} ms | {row['rss'] / 1024:.1f} MiB | {count_text} | {size_text} |"
        )

    # Targets.
    targets = []
    if "floor" in rows:
        floor_row = rows["floor"]
        wall2 = rows["pb"]["frame"] / floor_row["frame"]
        fast2 = rows["pb"]["fastest"] / floor_row["fastest"]
        targets.append(
            f"- pbrender at most half the C floor's cost per frame, **wall time** (pbrender on its 2 workers, the "
            f"floor on its 1 thread): {wall2:.2f}× the floor's (fastest runs: {fast2:.2f}×) — "
            f"{verdict(wall2 <= 0.5)}."
        )
        if "pb1" in rows:
            wall1 = rows["pb1"]["frame"] / floor_row["frame"]
            fast1 = rows["pb1"]["fastest"] / floor_row["fastest"]
            targets.append(
                f"- The same on **one core** (pbrender pinned with `taskset -c 0`): {wall1:.2f}× (fastest runs: "
                f"{fast1:.2f}×) — {verdict(wall1 <= 0.5)}."
            )
        cpu = rows["pb"]["cpu"] / floor_row["cpu"]
        targets.append(f"- The same in **CPU time** per frame (user + system): {cpu:.2f}× — {verdict(cpu <= 0.5)}.")
        if "pb" in instructions and "floor" in instructions:
            total = instructions["pb"][0] / instructions["floor"][0]
            marginal = instructions["pb"][1] / instructions["floor"][1]
            targets.append(
                f"- The same in **instructions** per frame (callgrind, process total / 200): {total:.2f}× "
                f"({marginal:.2f}× counting the marginal frame only) — {verdict(total <= 0.5)}."
            )
    else:
        targets.append("- The C-floor target cannot be judged: the floor was skipped (see the notes).")
    if "rsvg" in rows:
        times = rows["rsvg"]["frame"] / rows["pb"]["frame"]
        times1 = rows["rsvg"]["frame"] / rows["pb1"]["frame"] if "pb1" in rows else None
        line = f"- At least 10× cheaper per frame than rsvg-convert, **wall time**: {times:.1f}× cheaper"
        line += f" ({times1:.1f}× on one core)" if times1 else ""
        line += f", in CPU time {rows['rsvg']['cpu'] / rows['pb']['cpu']:.1f}×"
        line += f" — {verdict(times >= 10 and (times1 is None or times1 >= 10))}."
        targets.append(line)
        if "rsvg" in instructions:
            fewer = instructions["rsvg"][0] / instructions["pb"][0]
            targets.append(f"- The same in **instructions** per frame: {fewer:.1f}× fewer — {verdict(fewer >= 10)}.")
    if floor_sizes:
        total_ratio = sum(pb_sizes) / sum(floor_sizes)
        worst = max(a / b for a, b in zip(pb_sizes, floor_sizes))
        targets.append(
            f"- PNG files no larger than 1.25× Cairo's writer's: all 200 frames {sum(pb_sizes):,} bytes against "
            f"{sum(floor_sizes):,} ({total_ratio:.2f}×), the worst frame {worst:.2f}× — {verdict(worst <= 1.25)}."
        )

    # Issue 13's targets, on the same measurements.
    targets13 = []
    if "floor" in rows:
        cpu = rows["pb"]["cpu"] / rows["floor"]["cpu"]
        if "pb" in instructions and "floor" in instructions:
            total = instructions["pb"][0] / instructions["floor"][0]
            targets13.append(
                f"- At most **0.15×** the C floor's **instructions** per frame: {total:.2f}× — {verdict(total <= 0.15)}."
            )
        targets13.append(f"- At most **0.25×** its **CPU time** per frame: {cpu:.2f}× — {verdict(cpu <= 0.25)}.")
    if "rsvg" in rows:
        cheaper = rows["rsvg"]["cpu"] / rows["pb"]["cpu"]
        targets13.append(
            f"- At least **15×** cheaper in CPU than one rsvg-convert process per frame: {cheaper:.1f}× — "
            f"{verdict(cheaper >= 15)}."
        )
    targets13.append(
        f"- PNG files no larger than when issue 13 was filed ({ISSUE_13_BYTES:,} bytes for the 200 frames): "
        f"{sum(pb_sizes):,} — {verdict(sum(pb_sizes) <= ISSUE_13_BYTES)}."
    )
    few, many = (peak_rss[n] for n in RSS_FRAME_COUNTS)
    targets13.append(
        f"- Peak memory flat in the frame count ({RSS_FRAME_COUNTS[1]:,} frames within 10 % of "
        f"{RSS_FRAME_COUNTS[0]}'s, `ru_maxrss`, the largest of 3 runs): {few / 1024:.2f} MiB and "
        f"{many / 1024:.2f} MiB, {100 * (many / few - 1):+.1f} % — {verdict(many <= 1.1 * few)}."
    )

    with open(os.path.join(REPO, "Sources", "PBRendering", "PNG", "PNGCompression.swift")) as f:
        match = re.search(r"case \.default: \.libdeflate\(level: (\d+)\)", f.read())
    used_level = int(match.group(1)) if match else None
    level_table = [
        "| libdeflate level | µs per frame, median | fastest | instructions per frame | bytes, 200 frames "
        "| × level 1 | × Cairo's writer |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for level in LEVELS:
        entry = levels[level]
        cairo = f"{entry['bytes'] / sum(floor_sizes):.2f}×" if floor_sizes else "–"
        level_table.append(
            f"| {level}{' (pbrender)' if level == used_level else ''} | {entry['us']:.0f} | {entry['fastest']:.0f} | "
            f"{mega(entry['instructions']) if 'instructions' in entry else '–'} | {entry['bytes']:,} | "
            f"{entry['bytes'] / levels[1]['bytes']:.3f} | {cairo} |"
        )

    like_table = [
        "| frame | progress | vs cairo_floor: max, mean, pixels off by > 8 | painted area, pbrender / floor "
        "| vs rsvg-convert: max, mean, pixels off by > 8 |",
        "|---:|---:|---|---|---|",
    ]
    for entry in likeness:
        i = entry["frame"]
        cells = []
        if "floor" in entry:
            d = entry["floor"]
            cells += [
                f"{d['max']}, {d['mean']:.3f}, {100 * d['off']:.2f} %",
                f"{d['area'][0]:.1f} / {d['area'][1]:.1f} px ({100 * (d['area'][0] / d['area'][1] - 1):+.2f} %)"
                if d["area"][1]
                else f"{d['area'][0]:.1f} / 0 px",
            ]
        else:
            cells += ["–", "–"]
        if "rsvg" in entry:
            d = entry["rsvg"]
            cells.append(f"{d['max']}, {d['mean']:.3f}, {100 * d['off']:.2f} %")
        else:
            cells.append("–")
        like_table.append(f"| {i} | {progress(i):.4f} | " + " | ".join(cells) + " |")

    stray = sum(entry[k]["inside"] for entry in likeness for k in ("floor", "rsvg") if k in entry)
    if stray == 0:
        outline_text = (
            "Every pixel off by more than 8 lies within 1.5 px of the outline (the ring's edges and the round "
            "caps): the differences are anti-aliasing, not geometry."
        )
    else:
        outline_text = (
            f"**{stray} pixels off by more than 8 lie farther than 1.5 px from the outline**: a difference in "
            "geometry, not only anti-aliasing."
        )
    floor_note = ""
    if floor_reported:
        floor_note = (
            f" The floor also times itself in-process (no process start): median frame "
            f"{statistics.median(r[1] for r in floor_reported):.2f} ms, "
            f"{statistics.median(r[0] for r in floor_reported):,.0f} ms for 200 frames."
        )
    command = COMMAND + (" --quick" if options.quick else "") + (" --no-callgrind" if options.no_callgrind else "")
    fastest_level = min(LEVELS, key=lambda level: levels[level]["us"])
    level_text = f"Level {fastest_level} took the least time."
    if "instructions" in levels[LEVELS[0]]:
        fewest = min(LEVELS, key=lambda level: levels[level]["instructions"])
        if fewest != fastest_level:
            level_text += (
                f" Instructions and time disagree: level {fewest} executes the fewest instructions "
                f"({levels[fewest]['instructions'] / levels[fastest_level]['instructions']:.2f}× level "
                f"{fastest_level}'s) yet takes {levels[fewest]['us'] / levels[fastest_level]['us']:.2f}× the time."
            )
    if used_level != fastest_level:
        level_text += (
            f" pbrender's `default` mode uses level {used_level}, not the fastest here (chosen for its bytes: "
            "see the compression modes)."
        )
    else:
        level_text += f" pbrender's `default` mode uses level {used_level}, the fastest."
    size_lines = [
        f"- pbrender: {sum(pb_sizes):,} bytes for 200 frames (mean {statistics.mean(pb_sizes):,.0f}, "
        f"largest {max(pb_sizes):,})."
    ]
    others = [("Cairo's writer (cairo_floor)", floor_sizes), ("rsvg-convert (Cairo's writer too)", rsvg_sizes)]
    for name, values in others:
        if values:
            size_lines.append(
                f"- {name}: {sum(values):,} (mean {statistics.mean(values):,.0f}, largest {max(values):,})."
            )
    sections = [
        "# Render benchmark",
        f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC with",
        f"    {command}",
        f"on {about}; {versions}. Load average {load_before[0]:.2f} before and {load_after[0]:.2f} after: the "
        f"machine is shared and noisy, so wall times are medians of {runs} runs (interleaved, after a warm-up) "
        "and the instruction counts are the noise-free comparison.",
        f"The scene: a 256x256 ring, circle centre (128,128), radius 100, from 12 o'clock clockwise, width 12, "
        f"round caps, track {TRACK}, progress {PROGRESS}, transparent background, at the {FRAMES} progress values "
        f"0, 1/199, …, 1, each frame a PNG file. pbrender draws it with "
        f"`pbrender {shell_quote(RING_SCENE)} --frames 200 -o 'DIR/frame-%03d.png'` "
        "(the ring's radius is 128 − 22 − 12/2 = 100; without `--width`/`--height` the padding would grow "
        "the canvas to 300x300); cairo_floor with `cairo_floor ring file 200 DIR` "
        "(`../shared/bench/cairo_floor.c`); rsvg-convert with `rsvg-convert -o frame.png frame.svg` on one SVG "
        "per frame whose progress is a dash of length p·2π·100.",
        "\n".join(table),
        "Wall per frame: the process's wall time over 200 for pbrender and the floor (process start included, "
        "as a user pays it), the median process for rsvg-convert (one per frame); fastest run: the same for the "
        "least disturbed run (process, for rsvg-convert). Each run writes into an empty directory. Wall, 200 "
        "frames: one whole run (the sum of the 200 processes for rsvg-convert). CPU: user + system from `wait4`. "
        "Peak RSS: `ru_maxrss`, the \"Maximum resident set size\" of `/usr/bin/time -v`. Instructions: callgrind, "
        "the process's total over 200 frames (all threads) / 200; \"marginal\" is (count for 200 frames − count "
        "for 20) / 180, the cost of one more frame without the process's start; rsvg-convert's is one whole "
        "process (frame 100). callgrind counts user-space instructions only: the kernel's share of starting a "
        "process (mapping libraries, page faults) is not in it." + floor_note,
        "## Targets (issue 3)",
        "\n".join(targets),
        "## Targets (issue 13)",
        "\n".join(targets13),
        "## PNG sizes",
        "\n".join(size_lines),
        "pbrender writes straight-alpha RGBA with no row filter and one IDAT compressed by libdeflate; Cairo's "
        "writer uses libpng's defaults (adaptive row filters, zlib level 6).",
        "## Compression modes (issue 19)",
        modes_report(modes, rows, instructions),
        "## libdeflate levels",
        "The compression level of pbrender's encoder, measured on the exact bytes it compresses for these 200 "
        f"frames (filter bytes + RGBA rows, {frame_bytes:,} bytes a frame), with one compressor reused as the "
        "encoder does; µs: median over 3 rounds of the median pass; instructions: callgrind inside "
        "`libdeflate_zlib_compress` only.",
        "\n".join(level_table),
        level_text,
        "## Checks",
        "\n".join(
            [
                "- Valid: all 200 pbrender PNGs have the signature, IHDR (256x256, 8-bit RGBA), one IDAT and IEND "
                "with correct CRCs, and one complete zlib stream of exactly 256 × (1 + 4 × 256) bytes. "
                f"{pillow}.",
                f"- Deterministic: {'the same bytes' if deterministic else '**DIFFERENT bytes**'} from all "
                f"{digests} runs (two workers and one core) and from a single render of frame 100 "
                f"(`--progress 100/199`, a fresh encoder){'' if deterministic else ': investigate'}.",
                "- Likeness, in premultiplied colour (0-255; a pixel is off when a channel differs by more than 8):",
            ]
        ),
        "\n".join(like_table),
        f"{outline_text} pbrender strokes the exact arc, cut exactly at the progress; cairo_floor strokes Cairo's "
        "flattened polyline (tolerance 0.1) trimmed by polyline length; rsvg-convert draws with Cairo too, its "
        "dash on Cairo's own flattening, so it is nearly the floor's picture.",
    ]
    if notes:
        sections += ["## Notes", "\n".join(f"- {n}" for n in notes)]
    document = "\n\n".join(sections) + "\n"

    print()
    print(document)
    os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
    with open(RESULTS, "w") as f:
        f.write(document)
    print(f"Wrote {os.path.relpath(RESULTS, REPO)}")


if __name__ == "__main__":
    main()
