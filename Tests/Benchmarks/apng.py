#!/usr/bin/env python3
"""The APNG benchmark (issue 13): one animated PNG of a filling ring, pbrender against APNG assemblers.

    python3 Tests/Benchmarks/apng.py [--runs N] [--no-callgrind] [--scratch-path DIR]

from the repository root. The animation: the render benchmark's 256x256 ring filling from 0 to 1
in 2 s at 30 fps with linear timing, 61 frames. It is made

  (1) by pbrender in one process, `--format apng` (renders and encodes every frame);
  (2) by `apngasm` (Debian's APNG Assembler 2.91) from the same 61 frames as PNG files, with its
      default 7-Zip deflate (`-z1`) and with zlib (`-z0`);
  (3) by Pillow (Debian's `python3-pil`, run as `/usr/bin/python3`) from the same frames decoded
      in memory: `Image.save(..., save_all=True)`, its APNG writer, which also stores only the
      changed box of each frame.

The peers only encode: their frames come from `pbrender --frames 61` beforehand, so their time
excludes rendering while pbrender's includes it. It reports wall and CPU time (medians of
interleaved runs), peak memory, callgrind instructions (pbrender, apngasm), the file sizes, and
checks that every file shows the same 61 pictures (Pillow composites each file's frames; all
must equal the PNG frames exactly).

Needs what the render benchmark needs, plus `apngasm` and `python3-pil` (`apt-get install
apngasm python3-pil`; a missing peer is skipped with a note). The table is printed and written,
with the date, the command and the machine, to `Tests/Benchmarks/results/apng.md`.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys

from benchinfo import (
    RING_SCENE, callgrind, have, ms, report_header, run_measured, shell_quote, swift_build, system_description, version,
    write_report,
)  # fmt: skip

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMMAND = "python3 Tests/Benchmarks/apng.py"
RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "apng.md")
DATA = os.path.join(REPO, ".build", "apng-bench-data")
DEFAULT_SCRATCH = os.path.join(REPO, ".build", "renderbench")
PILLOW_PYTHON = "/usr/bin/python3"

FRAMES, FPS = 61, 30
ANIMATION = ["--duration", "2", "--fps", str(FPS), "--timing", "linear", "--format", "apng"]

# Encodes the frames named on the command line into an APNG with Pillow; prints the seconds the
# save took (decoding the frames before it is not counted).
PILLOW_ENCODE = r"""
import sys, time
from PIL import Image
out, frames = sys.argv[1], [Image.open(name) for name in sys.argv[2:]]
for frame in frames:
    frame.load()
start = time.perf_counter()
frames[0].save(out, save_all=True, append_images=frames[1:], duration=1000 / 30, loop=1)
print(time.perf_counter() - start)
"""

# Prints one SHA-256 per composited frame of each APNG named, one line per file.
PILLOW_FRAMES = r"""
import hashlib, sys
from PIL import Image, ImageSequence
for name in sys.argv[1:]:
    image = Image.open(name)
    print(name, " ".join(hashlib.sha256(f.convert("RGBA").tobytes()).hexdigest()[:16]
                         for f in ImageSequence.Iterator(image)))
"""




def machine():
    pillow = subprocess.run(
        [PILLOW_PYTHON, "-c", "import PIL; print(PIL.__version__)"], capture_output=True, text=True
    ).stdout.strip()
    apngasm = version(["apngasm"]) if have("apngasm") else "apngasm missing"
    return system_description(), f"{version(['swift', '--version'])}; {apngasm}; Pillow {pillow or 'missing'}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="interleaved runs of each (default 7)")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    parser.add_argument("--scratch-path", default=DEFAULT_SCRATCH, help="where pbrender is built")
    options = parser.parse_args()
    shutil.rmtree(DATA, ignore_errors=True)
    os.makedirs(DATA)
    pbrender = swift_build(os.path.abspath(options.scratch_path), REPO)
    has_pillow = subprocess.run([PILLOW_PYTHON, "-c", "import PIL"], capture_output=True).returncode == 0
    notes = []
    if not have("apngasm"):
        notes.append("apngasm is not installed (`apt-get install apngasm`): its rows are skipped.")
    if not has_pillow:
        notes.append("Pillow is not installed (`apt-get install python3-pil`): its row and the checks are skipped.")

    frame_dir = os.path.join(DATA, "frames")
    os.makedirs(frame_dir)
    run_measured([pbrender, *RING_SCENE, "--frames", str(FRAMES), "-o", os.path.join(frame_dir, "f-%02d.png")])
    frames = [os.path.join(frame_dir, f"f-{i:02d}.png") for i in range(FRAMES)]
    separate_bytes = sum(os.path.getsize(f) for f in frames)

    out = {name: os.path.join(DATA, name + ".png") for name in ["pbrender", "apngasm-7zip", "apngasm-zlib", "pillow"]}
    commands = {"pbrender": [pbrender, *RING_SCENE, *ANIMATION, "-o", out["pbrender"]]}
    if have("apngasm"):
        commands["apngasm-7zip"] = ["apngasm", out["apngasm-7zip"], *frames, "1", str(FPS), "-l1"]
        commands["apngasm-zlib"] = ["apngasm", out["apngasm-zlib"], *frames, "1", str(FPS), "-l1", "-z0"]
    if has_pillow:
        commands["pillow"] = [PILLOW_PYTHON, "-c", PILLOW_ENCODE, out["pillow"], *frames]

    for command in commands.values():  # warm-up
        run_measured(command)
    runs = {name: [] for name in commands}
    for _ in range(options.runs):
        for name, command in commands.items():
            wall, cpu, rss, stdout = run_measured(command)
            runs[name].append((wall, cpu, rss, float(stdout) if name == "pillow" else None))

    instructions = {}
    if not options.no_callgrind and have("valgrind"):
        for name in ["pbrender", "apngasm-7zip", "apngasm-zlib"]:
            if name in commands:
                instructions[name] = callgrind(commands[name])

    checks = []
    if has_pillow:
        listing = subprocess.run(
            [PILLOW_PYTHON, "-c", PILLOW_FRAMES, *[out[n] for n in commands]], capture_output=True, text=True, check=True
        ).stdout.splitlines()
        reference = subprocess.run(
            [PILLOW_PYTHON, "-c", PILLOW_FRAMES.replace("ImageSequence.Iterator(image)", "[image]"), *frames],
            capture_output=True, text=True, check=True,
        ).stdout.splitlines()  # fmt: skip
        expected = [line.split()[1] for line in reference]
        for name, line in zip(commands, listing):
            got = line.split()[1:]
            same = got == expected
            checks.append(
                f"- {name}: {len(got)} frames, "
                + ("every one equal to the PNG frame, pixel for pixel" if same else "**differs from the PNG frames**")
            )
            if not same:
                sys.exit(f"{name}'s APNG does not show the frames:\n" + "\n".join(checks))

    labels = {
        "pbrender": "pbrender, one process: renders and encodes (`--format apng`)",
        "apngasm-7zip": "apngasm, 7-Zip deflate (its default): encodes the PNG frames",
        "apngasm-zlib": "apngasm `-z0`, zlib: encodes the PNG frames",
        "pillow": "Pillow `save_all`: encodes the decoded frames",
    }
    pb_cpu = statistics.median(r[1] for r in runs["pbrender"])
    rows = [
        "| how | wall, median | CPU, median | × pbrender CPU | peak RSS | instructions | bytes | bytes per frame |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name in commands:
        wall = statistics.median(r[0] for r in runs[name])
        cpu = statistics.median(r[1] for r in runs[name])
        rss = max(r[2] for r in runs[name]) / 1024
        size = os.path.getsize(out[name])
        count = f"{instructions[name] / 1e6:,.1f} M" if name in instructions else "—"
        timing = f"{ms(wall)} ms"
        if name == "pillow":
            timing += f" (save alone {ms(statistics.median(r[3] for r in runs[name]))} ms)"
        rows.append(
            f"| {labels[name]} | {timing} | {ms(cpu)} ms | {cpu / pb_cpu:.2f}× | {rss:.1f} MiB | {count} "
            f"| {size:,} | {size / FRAMES:,.0f} |"
        )
    rows.append(
        f"| (the same 61 frames as separate PNG files by pbrender) | | | | | | {separate_bytes:,} "
        f"| {separate_bytes / FRAMES:,.0f} |"
    )

    system, versions = machine()
    load = os.getloadavg()[0]
    write_report(
        RESULTS,
        [
            *report_header("APNG benchmark", COMMAND),
            f"on {system}; {versions}. Load average {load:.2f}. Times are medians of {options.runs} interleaved "
            "runs after a warm-up; CPU is user + system from `wait4`, peak RSS `ru_maxrss`; instructions: "
            "callgrind, the whole process.",
            "",
            f"The animation: a 256x256 ring filling from 0 to 1 in 2 s at {FPS} fps, linear, {FRAMES} frames "
            f"(`pbrender {shell_quote(RING_SCENE + ANIMATION)} -o ring.png`). The peers encode the same frames, "
            f"written beforehand by `pbrender ... --frames {FRAMES}`: their time does not include drawing, "
            "pbrender's does.",
            "",
            *rows,
            "",
            "pbrender stores frame 0 whole (libdeflate level 2, the bytes of the same frame as a PNG) and, for "
            "every later frame, only the box of pixels that changed (one `fdAT`, level 6); apngasm and Pillow "
            "also store changed boxes; apngasm also tries each row filter and may reduce the colour type. "
            "The CPU columns move with the machine's load (given above); the instruction counts do not.",
            "",
            "## Checks",
            "",
            *(checks or ["- Pillow is missing: not checked."]),
            *(["", *notes] if notes else []),
            "",
        ],
    )


if __name__ == "__main__":
    main()
