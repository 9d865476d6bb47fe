#!/usr/bin/env python3
"""The frames benchmark (issue 27 item 3): overwriting a sequence of frames against writing it fresh.

    python3 Tests/Benchmarks/frames.py [--runs N] [--compare BINARY] [--no-strace] [--no-callgrind] [--quiet-load L]

from the repository root. It builds pbrender in release (`swift build -c release --product pbrender`)
and copies it into a temporary `bin/` folder (the dynamic linker looks in the binary's own folder first;
the build folder is slow to search), then runs, in a temporary folder, N interleaved rounds of

    pbrender --frames 200 --size 64 -o 'dir/f-%03d.png'

  fresh, empty      `dir` exists and is empty;
  fresh, missing    `dir` does not exist;
  overwrite         `dir` holds the 200 frames the previous run wrote,

each twice: with the old frames just written (still in the page cache, not yet on the disk), and with
everything flushed to the disk (`sync`) before the run, as when a sequence is rendered again minutes
later. The same four cases run for frames among other files (`-o 'f-%03d.png'` in a folder that holds
one other file), which are renamed one by one rather than swapped in as a folder. With `--compare`, a
second binary (say, a build of an older commit) runs the same rounds, interleaved. CPU is user +
system of the whole pbrender process, from wait4; the report gives medians and the ratio of overwrite
to fresh (the target: at most 1.1x), the user-space instructions of one overwrite and one fresh run
(callgrind: exact whatever the load; the kernel's are not counted, and a virtual machine without hardware
counters cannot count them), and their system calls (`strace -c -f`). File system calls cost many times more while other processes write to the same
disk (a build): with `--quiet-load L` it first waits (up to an hour) until the 1-minute load average is
below L, and the report gives the load before and after. The report goes to
`Tests/Benchmarks/results/frames.md`.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from benchinfo import callgrind, have, ms, report_header, shell_quote, swift_build, system_description, verdict, version, write_report

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMMAND = "python3 Tests/Benchmarks/frames.py"
RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "frames.md")
FRAMES = ["--frames", "200", "--size", "64"]
TARGET = 1.1


def measured(binary, arguments, cwd):
    """Runs `binary arguments` in `cwd`; returns its CPU seconds (user + system, from wait4)."""
    with tempfile.TemporaryFile() as err:
        process = subprocess.Popen([binary, *arguments], cwd=cwd, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            err.seek(0)
            sys.exit(f"$ {shell_quote([binary, *arguments])}\n{err.read().decode()}\nfailed")
    return usage.ru_utime + usage.ru_stime


def prepare(layout, state, work):
    """Sets `work` up for a run: the folder empty, missing, or holding the previous run's frames."""
    if layout == "folder":
        folder = os.path.join(work, "dir")
        if state != "overwrite":
            shutil.rmtree(folder, ignore_errors=True)
        if state == "fresh, empty":
            os.mkdir(folder)
        return ["-o", "dir/f-%03d.png"]
    # Among other files: `work/shared` holds notes.txt, and the frames when overwriting.
    folder = os.path.join(work, "shared")
    if state != "overwrite":
        shutil.rmtree(folder, ignore_errors=True)
        os.mkdir(folder)
        with open(os.path.join(folder, "notes.txt"), "w") as f:
            f.write("not a frame\n")
    return ["-o", "shared/f-%03d.png"]


def check(layout, work):
    """Exits unless the folder holds exactly 200 frames (and the other file, among other files)."""
    folder = os.path.join(work, "dir" if layout == "folder" else "shared")
    names = sorted(os.listdir(folder))
    expected = [f"f-{i:03d}.png" for i in range(200)] + ([] if layout == "folder" else ["notes.txt"])
    leftovers = [name for name in os.listdir(work) if name.startswith(".")]
    if names != sorted(expected) or leftovers:
        sys.exit(f"unexpected files after a run: {names[:5]}... ({len(names)}), beside: {leftovers}")


def syscalls(binary, work, layout, state):
    """System calls of one run (`strace -c -f`), as {name: count}."""
    arguments = FRAMES + prepare(layout, state, work)
    with tempfile.NamedTemporaryFile(suffix=".txt") as out:
        subprocess.run(["strace", "-c", "-f", "-o", out.name, binary, *arguments], cwd=work, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        text = open(out.name).read()
    counts = {}
    for line in text.splitlines():
        match = re.match(r"\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:(\d+)\s+)?(\w+)$", line)
        if match and match.group(3) != "total":
            counts[match.group(3)] = int(match.group(1))
    return counts


def file_system(path):
    """The file system `path` is on, in words: "ext4 without a journal (/dev/vda)". On ext4 without a
    journal, every new inode is searched for past the inodes freed in the last 5 to 35 s (the kernel's
    `recently_deleted`), which is where most of a frame's CPU goes when files are created and removed
    around it (by this benchmark, and by anything else writing to the disk)."""
    best = ("?", "?")
    with open("/proc/mounts") as mounts:
        for line in mounts:
            device, point, kind = line.split()[:3]
            if (path + "/").startswith(point.rstrip("/") + "/") and len(point) >= len(best[0]):
                best = (point, (device, kind))
    device, kind = best[1] if best[0] != "?" else ("?", "?")
    if kind == "ext4":
        name = os.path.basename(device)
        journaled = any(entry.startswith(name + "-") for entry in os.listdir("/proc/fs/jbd2")) \
            if os.path.isdir("/proc/fs/jbd2") else None
        kind = {True: "ext4 with a journal", False: "ext4 without a journal"}.get(journaled, "ext4")
    return f"{kind} ({device})"


def instructions(binary, work, layout, state):
    """User-space instructions of one run (callgrind, every thread)."""
    arguments = FRAMES + prepare(layout, state, work)
    arguments[-1] = os.path.join(work, arguments[-1])
    return callgrind([binary, *arguments])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31, help="interleaved rounds (default 31)")
    parser.add_argument("--compare", help="another pbrender binary to measure the same way")
    parser.add_argument("--no-strace", action="store_true", help="skip the system call counts")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    parser.add_argument("--quiet-load", type=float, help="wait until the 1-minute load average is below this")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="pbrender-frames-")
    try:
        os.makedirs(os.path.join(work, "bin"))
        binaries = {"pbrender": os.path.join(work, "bin", "pbrender")}
        shutil.copy2(swift_build(None, REPO), binaries["pbrender"])
        if args.compare:
            os.makedirs(os.path.join(work, "compare"))
            binaries["compared"] = os.path.join(work, "compare", "pbrender")
            shutil.copy2(args.compare, binaries["compared"])
        run_folder = os.path.join(work, "run")
        os.makedirs(run_folder)
        deadline = time.time() + 3600
        while args.quiet_load is not None and os.getloadavg()[0] >= args.quiet_load and time.time() < deadline:
            time.sleep(10)
        load_before = os.getloadavg()[0]
        where = file_system(run_folder)
        states = ["fresh, empty", "overwrite", "fresh, missing", "overwrite"]
        times = {}  # (binary, layout, synced, state) -> [seconds]
        for round_ in range(args.runs + 1):
            for name, binary in binaries.items():
                for layout in ("folder", "shared"):
                    for synced in (False, True):
                        # An older binary may not create a missing folder: it gets an empty one.
                        for state in states if name == "pbrender" else [states[0], states[1]] * 2:
                            arguments = FRAMES + prepare(layout, state, run_folder)
                            if synced:
                                os.sync()
                            seconds = measured(binary, arguments, run_folder)
                            check(layout, run_folder)
                            if round_ > 0:  # The first round warms up.
                                key = (name, layout, synced, "overwrite" if state == "overwrite" else state)
                                times.setdefault(key, []).append(seconds)
        counted = {}  # (binary, layout, state) -> instructions
        if not args.no_callgrind and have("valgrind"):
            for name, binary in binaries.items():
                for layout in ("folder", "shared"):
                    for state in ("fresh, empty", "overwrite"):
                        counted[(name, layout, state)] = instructions(binary, run_folder, layout, state)
        counts = {}
        if not args.no_strace and have("strace"):
            for name, binary in binaries.items():
                for layout in ("folder", "shared"):
                    for state in ("fresh, empty", "overwrite"):
                        counts[(name, layout, state)] = syscalls(binary, run_folder, layout, state)
        load = os.getloadavg()[0]
    finally:
        shutil.rmtree(work, ignore_errors=True)

    lines = report_header("Frames benchmark: overwriting a sequence against writing it fresh", COMMAND
                          + (f" --runs {args.runs}" if args.runs != 31 else ""))
    swift = version(["swift", "--version"])
    lines += [
        f"on {system_description()}; {swift}; frames written to {where}; load average {load_before:.2f} before, "
        f"{load:.2f} after. {args.runs} "
        "interleaved rounds after "
        "a warm-up; CPU is user + system of the whole process (wait4), medians. Each run is `pbrender "
        + " ".join(FRAMES) + " -o 'dir/f-%03d.png'` (a folder of frames, swapped in whole) or `-o 'shared/f-%03d.png'` "
        "(a folder that also holds notes.txt: frames renamed one by one after a commit record). \"Just written\": "
        "the old frames are those of the run before, still in the page cache; \"on disk\": `sync` before each run.",
        "",
        "| binary | frames | old frames | fresh, empty folder | fresh, missing folder | overwrite | overwrite ÷ fresh (empty) | overwrite ÷ fresh (missing) |",
        "|---|---|---|---:|---:|---:|---:|---:|",
    ]
    verdicts = []
    for name in binaries:
        for layout in ("folder", "shared"):
            for synced in (False, True):
                median = {state: statistics.median(times[(name, layout, synced, state)])
                          for state in ("fresh, empty", "fresh, missing", "overwrite")
                          if (name, layout, synced, state) in times}
                # Among other files a missing folder is an empty one (`prepare`): no second ratio.
                shows_missing = layout == "folder" and "fresh, missing" in median
                ratios = [median["overwrite"] / median[state]
                          for state in ("fresh, empty", "fresh, missing") if state in median
                          and (state == "fresh, empty" or shows_missing)]
                missing = ms(median["fresh, missing"]) + " ms" if shows_missing else "—"
                lines.append(
                    f"| {name} | {'folder of frames' if layout == 'folder' else 'among other files'} | "
                    f"{'on disk' if synced else 'just written'} | {ms(median['fresh, empty'])} ms | {missing} | "
                    f"{ms(median['overwrite'])} ms | {ratios[0]:.3f}× | "
                    + (f"{ratios[1]:.3f}× |" if shows_missing else "— |"))
                if name == "pbrender":
                    verdicts.append((layout, synced, max(ratios)))
    lines += [
        "",
        "A folder of frames is written into a new staging folder and swapped in with one `renameat2(RENAME_EXCHANGE)`: "
        "every frame is a new file in a new folder, as when writing fresh; frames among other files are renamed over "
        "the old ones one by one. Either way every frame is a new inode, fresh or not, and what overwriting adds is "
        "reading the old frames (a `statx` per old frame, to keep each one's mode and owner) and removing them (an "
        "`unlinkat` per old frame, or the rename's implicit one: freeing blocks that are on the disk costs more than "
        "freeing ones still in the page cache). The user-space instructions below are the same fresh or not: the "
        "difference is all in the kernel."
        + (" On ext4 without a journal the kernel looks for each new inode past every inode of its group freed in "
           "the last 5 to 35 s (`recently_deleted` in `find_inode_bit`): a search whose length depends on what every "
           "process created and removed on the disk lately, this benchmark's own runs included. It, not pbrender, is "
           "most of these CPU times, fresh or not, and what makes them vary from run to run (see it with "
           "`perf record -e cpu-clock -g`)." if "without a journal" in where else ""),
        "", f"## Target (issue 27 item 3): overwriting 200 frames costs at most {TARGET}× writing them fresh", "",
    ]
    for layout, synced, ratio in verdicts:
        lines.append(f"- {'a folder of frames' if layout == 'folder' else 'frames among other files'}, old frames "
                     f"{'on disk' if synced else 'just written'}: {ratio:.3f}× (the larger ratio) — "
                     f"{verdict(ratio <= TARGET)}")
    if counted:
        lines += ["", "## Instructions of one run (user space, callgrind)", "",
                  "| binary | frames | fresh, empty folder | overwrite | overwrite ÷ fresh |", "|---|---|---:|---:|---:|"]
        for name in binaries:
            for layout in ("folder", "shared"):
                fresh, overwrite = counted[(name, layout, "fresh, empty")], counted[(name, layout, "overwrite")]
                lines.append(f"| {name} | {'folder of frames' if layout == 'folder' else 'among other files'} | "
                             f"{fresh / 1e6:.1f} M | {overwrite / 1e6:.1f} M | {overwrite / fresh:.3f}× |")
        lines += ["", "Callgrind counts user space only: what the kernel does for the files (most of what overwriting "
                  "adds) is in the CPU times above, not here."]
    if counts:
        names = sorted({call for table in counts.values() for call in table},
                       key=lambda call: -max(table.get(call, 0) for table in counts.values()))
        keys = sorted(counts)
        lines += ["", "## System calls of one run (`strace -c -f`)", "",
                  "| call | " + " | ".join(f"{n}, {'folder' if l == 'folder' else 'shared'}, {s}" for n, l, s in keys) + " |",
                  "|---|" + "---:|" * len(keys)]
        for call in names:
            if max(counts[key].get(call, 0) for key in keys) >= 50:
                lines.append(f"| {call} | " + " | ".join(str(counts[key].get(call, 0)) for key in keys) + " |")
        lines += ["", "Calls made fewer than 50 times in every run are left out."]
    write_report(RESULTS, lines + [""])


if __name__ == "__main__":
    main()
