#!/usr/bin/env python3
"""The label benchmark (issue 13): what a text label adds to a frame, against Pango driven from C.

    python3 Tests/Benchmarks/labels.py [--runs N] [--no-callgrind] [--scratch-path DIR]

from the repository root. The scene is the render benchmark's 256x256 ring at the 200 progress
values 0, 1/199, ..., 1, with and without a centred label `{percent}` ("0%" ... "100%", Sans Bold
12, black), and again with a label in two scripts, `{percent} 完了 مكتمل` (Latin, CJK and Arabic:
font fallback and bidirectional text). pbrender renders each in one process (`--frames 200`); the
label's cost per frame is the labelled run less the plain one.

The floor is a small C program written here (`label_floor.c`, compiled into
`.build/label-bench-data`): per frame it creates a Pango layout on a PangoCairo context set up as
pbrender's is (72 dpi, no hinting, unrounded glyph positions), sets the font and text, measures
the ink and logical extents, centres the text on the ring's centre and draws it onto a cleared
256x256 ARGB surface: the least a label can cost with Pango, without the ring or a PNG.

It reports CPU time (user + system, medians of interleaved runs) and callgrind instructions of
the marginal frame ((cost of 200 frames − cost of 20) / 180) and of the process's start, and
checks that every labelled PNG differs from the plain one, and only inside the ring's hole. Needs
`cc`, `pkg-config`, Pango's headers (`libpango1.0-dev`) and `valgrind`. The table is printed and
written, with the date, the command and the machine, to `Tests/Benchmarks/results/labels.md`.
"""

import argparse
import math
import os
import shutil
import statistics
import sys

from benchinfo import (
    RING_SCENE, callgrind, compile_c, have, report_header, rgba_rows, run_measured, shell_quote, swift_build,
    system_description, version, write_report,
)  # fmt: skip

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMMAND = "python3 Tests/Benchmarks/labels.py"
RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "labels.md")
DATA = os.path.join(REPO, ".build", "label-bench-data")
DEFAULT_SCRATCH = os.path.join(REPO, ".build", "renderbench")

FRAMES, FEW_FRAMES = 200, 20
SIZE, RING_RADIUS, LINE_WIDTH = 256, 100.0, 12.0
LABELS = {"latin": "{percent}", "scripts": "{percent} 完了 مكتمل"}
FONT = "Sans Bold 12"

# Lays out and draws "N%" (and, with a suffix, more text) per frame as pbrender's text system
# does; prints the median microseconds per frame over the passes.
LABEL_FLOOR = r"""
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: label_floor FRAMES FONT SUFFIX\n"); return 2; }
    int frames = atoi(argv[1]);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 256, 256);
    cairo_t *cr = cairo_create(surface);
    PangoFontMap *map = pango_cairo_font_map_get_default();
    PangoContext *context = pango_font_map_create_context(map);
    pango_cairo_context_set_resolution(context, 72);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(context, options);
    pango_context_set_round_glyph_positions(context, 0);
    PangoFontDescription *font = pango_font_description_from_string(argv[2]);
    double start = now_us();
    for (int i = 0; i < frames; i++) {
        char text[256];
        snprintf(text, sizeof text, "%d%%%s", (int)(100.0 * i / (frames - 1) + 0.5), argv[3]);
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
        cairo_paint(cr);
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
        PangoLayout *layout = pango_layout_new(context);
        pango_layout_set_font_description(layout, font);
        pango_layout_set_auto_dir(layout, 1);
        pango_layout_set_text(layout, text, -1);
        PangoRectangle ink, logical;
        pango_layout_get_extents(layout, &ink, &logical);
        cairo_move_to(cr, 128 - (ink.x + ink.width / 2.0) / PANGO_SCALE, 128 - (ink.y + ink.height / 2.0) / PANGO_SCALE);
        cairo_set_source_rgb(cr, 0, 0, 0);
        pango_cairo_show_layout(cr, layout);
        g_object_unref(layout);
    }
    cairo_surface_flush(surface);
    printf("%.3f\n", (now_us() - start) / frames);
    return 0;
}
"""


def machine():
    pango = version(["pkg-config", "--modversion", "pango"])
    cairo = version(["pkg-config", "--modversion", "cairo"])
    return system_description(), f"{version(['swift', '--version'])}; Pango {pango}, Cairo {cairo}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="interleaved runs of each (default 9)")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    parser.add_argument("--scratch-path", default=DEFAULT_SCRATCH, help="where pbrender is built")
    options = parser.parse_args()
    shutil.rmtree(DATA, ignore_errors=True)
    os.makedirs(DATA)
    pbrender = swift_build(os.path.abspath(options.scratch_path), REPO)
    floor = compile_c(LABEL_FLOOR, "label_floor", ["pangocairo"], DATA)

    def pb(kind, frames, directory):
        label = ["--label", LABELS[kind], "--font", FONT] if kind in LABELS else []
        return [pbrender, *RING_SCENE, *label, "--frames", str(frames), "-o", os.path.join(directory, "f-%03d.png")]

    def floor_command(kind, frames):
        return [floor, str(frames), FONT, LABELS[kind].replace("{percent}", "")]

    kinds = ["plain", *LABELS]
    directories = {kind: os.path.join(DATA, kind) for kind in kinds}
    for directory in directories.values():
        os.makedirs(directory)
    cpu = {(kind, n): [] for kind in kinds for n in (FRAMES, FEW_FRAMES)}
    floor_us = {kind: [] for kind in LABELS}
    for run in range(options.runs + 1):  # the first round warms up
        for kind in kinds:
            for n in (FRAMES, FEW_FRAMES):
                _, seconds, _, _ = run_measured(pb(kind, n, directories[kind]))
                if run:
                    cpu[(kind, n)].append(seconds)
        for kind in LABELS:
            _, _, _, stdout = run_measured(floor_command(kind, FRAMES))
            if run:
                floor_us[kind].append(float(stdout))

    marginal = {}
    if not options.no_callgrind and have("valgrind"):
        scratch = os.path.join(DATA, "callgrind")
        os.makedirs(scratch)
        for kind in kinds:
            many, few = (callgrind(pb(kind, n, scratch)) for n in (FRAMES, FEW_FRAMES))
            marginal[kind] = (many - few) / (FRAMES - FEW_FRAMES)
            marginal["start-" + kind] = few - FEW_FRAMES * marginal[kind]
        for kind in LABELS:
            many, few = (callgrind(floor_command(kind, n)) for n in (FRAMES, FEW_FRAMES))
            marginal["floor-" + kind] = (many - few) / (FRAMES - FEW_FRAMES)

    # The label changes only pixels inside the ring's hole: the rest of every frame is the plain one.
    checks = []
    hole = RING_RADIUS - LINE_WIDTH / 2
    for kind in LABELS:
        box, differing = None, 0
        for i in range(FRAMES):
            name = f"f-{i:03d}.png"
            with open(os.path.join(directories[kind], name), "rb") as a, open(os.path.join(directories["plain"], name), "rb") as b:
                labelled, plain = rgba_rows(a.read()), rgba_rows(b.read())
            changed = [p // 4 for p in range(0, len(plain), 4) if labelled[p : p + 4] != plain[p : p + 4]]
            if not changed:
                continue
            differing += 1
            xs, ys = [p % SIZE for p in changed], [p // SIZE for p in changed]
            frame_box = (min(xs), min(ys), max(xs) + 1, max(ys) + 1)
            box = frame_box if box is None else (*map(min, box[:2], frame_box[:2]), *map(max, box[2:], frame_box[2:]))
        corners = [(x - SIZE / 2, y - SIZE / 2) for x in (box[0], box[2]) for y in (box[1], box[3])]
        inside = all(math.hypot(x, y) < hole for x, y in corners)
        checks.append(
            f"- `{LABELS[kind]}`: {differing} of {FRAMES} frames differ from the plain ones, all within the box "
            f"x {box[0]}..{box[2]}, y {box[1]}..{box[3]}"
            + (f", inside the ring's hole (radius {hole:g})." if inside else ", **which reaches the ring**.")
        )
        if differing != FRAMES or not inside:
            sys.exit("the label check failed:\n" + "\n".join(checks))

    def frame_and_start(kind):
        """The marginal CPU seconds of a frame and the process's start, from the medians."""
        many, few = (statistics.median(cpu[(kind, n)]) for n in (FRAMES, FEW_FRAMES))
        frame = (many - few) / (FRAMES - FEW_FRAMES)
        return frame, few - FEW_FRAMES * frame

    plain_cpu, _ = frame_and_start("plain")
    # The noise: the marginal frame of each interleaved round of the plain ring alone.
    plain_rounds = [(a - b) / (FRAMES - FEW_FRAMES) for a, b in zip(cpu[("plain", FRAMES)], cpu[("plain", FEW_FRAMES)])]
    rows = [
        "| label | CPU per frame | label's share | Pango floor | instructions per frame | label's share "
        "| Pango floor | × floor | process start: CPU, instructions |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for kind in kinds:
        frame_cpu, start_cpu = frame_and_start(kind)
        text = "none" if kind == "plain" else f"`{LABELS[kind]}`"
        share = "—" if kind == "plain" else f"{(frame_cpu - plain_cpu) * 1e6:,.0f} µs"
        floor_time = "—" if kind == "plain" else f"{statistics.median(floor_us[kind]):,.0f} µs"
        count = f"{marginal[kind] / 1e6:.2f} M" if kind in marginal else "—"
        if kind != "plain" and kind in marginal:
            label_share = marginal[kind] - marginal["plain"]
            floor_count = marginal["floor-" + kind]
            extra = f"{label_share / 1e6:.2f} M | {floor_count / 1e6:.2f} M | {label_share / floor_count:.2f}×"
        else:
            extra = "— | — | —"
        start = f"{start_cpu * 1e3:,.0f} ms" + (
            f", {marginal['start-' + kind] / 1e6:,.0f} M" if "start-" + kind in marginal else ""
        )
        rows.append(f"| {text} | {frame_cpu * 1e6:,.0f} µs | {share} | {floor_time} | {count} | {extra} | {start} |")

    system, versions = machine()
    write_report(
        RESULTS,
        [
            *report_header("Label benchmark", COMMAND),
            f"on {system}; {versions}. Load average {os.getloadavg()[0]:.2f}. Per frame means the marginal "
            f"frame, without the process's start: (cost of {FRAMES} frames − cost of {FEW_FRAMES}) / "
            f"{FRAMES - FEW_FRAMES}, in CPU (user + system from `wait4`, medians of {options.runs} interleaved "
            "runs after a warm-up) and in instructions (callgrind); the process's start is the rest of the "
            f"{FEW_FRAMES}-frame process (for a label, mostly fontconfig reading its font cache, once per "
            "process: `pbrender serve` pays it once). The floor times its own loop.",
            "",
            f"pbrender: `pbrender {shell_quote(RING_SCENE)} --label TEMPLATE --font '{FONT}' --frames {FRAMES} "
            "-o 'DIR/f-%03d.png'`; the floor: `label_floor.c` (in this script), which lays out and draws the "
            "same text per frame with Pango and nothing else.",
            "",
            *rows,
            "",
            "A label in pbrender is a template formatted for the frame's progress, laid out by Pango once per "
            "frame (the text changes), placed by its ink box and drawn as its own layer over the ring; the "
            "share above is everything that adds to a frame, the PNG's larger file included. The CPU columns are "
            f"noisy on this shared machine: the plain ring's marginal frame ranged over {min(plain_rounds) * 1e6:,.0f}"
            f"–{max(plain_rounds) * 1e6:,.0f} µs between rounds of this run, more than a label's share; the "
            "instruction counts are the comparison.",
            "",
            "## Checks",
            "",
            *checks,
            "",
        ],
    )


if __name__ == "__main__":
    main()
