#!/usr/bin/env python3
"""The GIF benchmark (issue 28): a 60-frame animated GIF of the default ring against the same APNG.

    python3 Tests/Benchmarks/gif.py [--runs N] [--scratch-path DIR]

from the repository root. The animation: the render benchmark's 256x256 ring filling from 0 to 1,
60 frames over 2 s (`--frames 60 --duration 2`), linear. pbrender writes it as a GIF and as an
APNG, each in one process that renders and encodes every frame, run side by side (interleaved,
after a warm-up). It reports the medians of CPU time (user + system from `wait4`) and wall time,
the bytes, and the GIF's ratios to the APNG against the targets: at most 2x the APNG's CPU and
1.5x its bytes.

It checks the GIF: Pillow (Debian's `python3-pil`, run as `/usr/bin/python3`) composites both
files' frames; every GIF image must be the APNG frame shown at its time composited onto white,
within the quantizer's error (the mean and largest channel error are reported), and its delays
(in hundredths) must add up to the 2 s.

Needs what the render benchmark needs plus `python3-pil`. The table is printed and written, with
the date, the command and the machine (`lscpu`'s model name), to `Tests/Benchmarks/results/gif.md`.
"""

import argparse
import json
import os
import statistics
import subprocess

from benchinfo import (
    RING_SCENE, ms, report_header, run_measured, shell_quote, swift_build, system_description, verdict, version,
    write_report,
)  # fmt: skip

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMMAND = "python3 Tests/Benchmarks/gif.py"
RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "gif.md")
DATA = os.path.join(REPO, ".build", "gif-bench-data")
DEFAULT_SCRATCH = os.path.join(REPO, ".build", "renderbench")
PILLOW_PYTHON = "/usr/bin/python3"

FRAMES = 60
ANIMATION = ["--animate-from", "0", "--animate-to", "1", "--frames", str(FRAMES), "--duration", "2", "--timing", "linear"]
CPU_TARGET, BYTES_TARGET = 2.0, 1.5

# Composites both files with Pillow; prints, as JSON, the GIF's image count, its delays in
# milliseconds, and the mean and largest channel error of its images against the APNG frame shown
# at the same time composited onto white (over opaque pixels), and how many pixels' alpha differ.
PILLOW_CHECK = r"""
import json, sys
from PIL import Image
gif, apng = Image.open(sys.argv[1]), Image.open(sys.argv[2])
def frames(image):
    out = []
    for i in range(getattr(image, "n_frames", 1)):
        image.seek(i)
        out.append((image.convert("RGBA").tobytes(), image.info.get("duration", 0)))
    return out
g, a = frames(gif), frames(apng)
if apng.info.get("default_image"):
    a = a[1:]
starts, t = [], 0.0
for _, duration in a:
    starts.append(t)
    t += duration
total = count = largest = alpha = 0
t = 0
for pixels, duration in g:
    shown = max(i for i, s in enumerate(starts) if s <= t * 10 + 5)
    want = a[shown][0]
    for p in range(0, len(pixels), 4):
        wa = want[p + 3]
        if (wa > 0) != (pixels[p + 3] > 0):
            alpha += 1
        if wa == 0:
            continue
        for c in range(3):
            expected = want[p + c] if wa == 255 else (want[p + c] * wa + 255 * (255 - wa) + 127) // 255
            error = abs(pixels[p + c] - expected)
            total, count, largest = total + error, count + 1, max(largest, error)
    t += duration // 10
print(json.dumps({"images": len(g), "delays": [d for _, d in g], "mean": total / max(count, 1),
                  "largest": largest, "alphaDiffering": alpha}))
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=11, help="interleaved runs of each (default 11)")
    parser.add_argument("--scratch-path", default=DEFAULT_SCRATCH, help="where pbrender is built")
    options = parser.parse_args()
    os.makedirs(DATA, exist_ok=True)
    pbrender = swift_build(os.path.abspath(options.scratch_path), REPO)
    out = {name: os.path.join(DATA, f"ring.{name}") for name in ["apng", "gif"]}
    commands = {name: [pbrender, *RING_SCENE, *ANIMATION, "-o", path] for name, path in out.items()}

    for command in commands.values():  # warm-up
        run_measured(command)
    runs = {name: [] for name in commands}
    for _ in range(options.runs):
        for name, command in commands.items():
            wall, cpu, _, _ = run_measured(command)
            runs[name].append((wall, cpu))

    check = json.loads(
        subprocess.run(
            [PILLOW_PYTHON, "-c", PILLOW_CHECK, out["gif"], out["apng"]], capture_output=True, text=True, check=True
        ).stdout
    )
    if check["alphaDiffering"] or sum(check["delays"]) != 2000 or check["largest"] > 32:
        raise SystemExit(f"the GIF does not show the APNG's frames at their times: {check}")

    cpu = {name: statistics.median(r[1] for r in runs[name]) for name in commands}
    wall = {name: statistics.median(r[0] for r in runs[name]) for name in commands}
    size = {name: os.path.getsize(path) for name, path in out.items()}
    cpu_ratio, bytes_ratio = cpu["gif"] / cpu["apng"], size["gif"] / size["apng"]
    rows = [
        "| file | CPU, median | wall, median | bytes | × APNG CPU | × APNG bytes |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name in ["apng", "gif"]:
        rows.append(
            f"| {name.upper()} (`-o ring.{name}`) | {ms(cpu[name])} ms | {ms(wall[name])} ms | {size[name]:,} "
            f"| {cpu[name] / cpu['apng']:.2f}× | {size[name] / size['apng']:.2f}× |"
        )
    load = os.getloadavg()[0]
    write_report(
        RESULTS,
        [
            *report_header("GIF benchmark", COMMAND),
            f"on {system_description()}; {version(['swift', '--version'])}. Load average {load:.2f}. Medians of "
            f"{options.runs} interleaved runs after a warm-up; CPU is user + system from `wait4`.",
            "",
            f"The animation: a 256x256 ring filling from 0 to 1, {FRAMES} frames over 2 s, linear "
            f"(`pbrender {shell_quote(RING_SCENE + ANIMATION)} -o ring.gif`, and `-o ring.apng`). Each "
            "process renders and encodes every frame.",
            "",
            *rows,
            "",
            f"- CPU: the GIF takes {cpu_ratio:.2f}× the APNG's (target at most {CPU_TARGET:g}×: "
            f"{verdict(cpu_ratio <= CPU_TARGET)}).",
            f"- Bytes: the GIF is {bytes_ratio:.2f}× the APNG (target at most {BYTES_TARGET:g}×: "
            f"{verdict(bytes_ratio <= BYTES_TARGET)}).",
            f"- Checked with Pillow: {check['images']} GIF images (unchanged frames merged), delays adding up to "
            f"{sum(check['delays'])} ms; every image is the APNG frame shown at its time composited onto white, "
            f"transparency exact, colours within a mean channel error of {check['mean']:.3f} and at most "
            f"{check['largest']} (a frame of more than 256 colours is quantized).",
        ],
    )


if __name__ == "__main__":
    main()
