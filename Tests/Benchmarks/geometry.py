#!/usr/bin/env python3
"""The geometry benchmark (issue 2): parsing, measuring and sampling one path of 10,000 cubics.

    python3 Tests/Benchmarks/geometry.py [--quick] [--no-callgrind] [--no-check]

from the repository root. In one run, on the same seeded path of 10,000 cubic segments
(a smooth-ish random chain with coordinates in 0..1000, written as SVG path data), it times

  (a) parsing the SVG path data,
  (b) measuring the total length (pbrender at accuracy 1e-9, Skia at its default tolerance,
      svgpathtools at its default error),
  (c) 1,000 point-at-fraction queries (fractions i/1000),

for pbrender (the in-process timing executable `pbrender-bench`, built in release mode), Skia's
PathMeasure through the `skia-python` package and `svgpathtools`; reports medians over repeated
runs in the same process, the ratio of each to pbrender, and each one's length error against an
independent reference (scipy's `quad` per segment with `epsrel` 1.2e-14, summed with
`math.fsum`, cross-checked with mpmath at 30 digits). It also checks pbrender's accuracy
guarantee (every segment within relative error `accuracy`, for accuracies 1e-3 to 1e-11, on the
path and on hard curves: cusps, near-cusps, loops, degenerate curves) and counts instructions
with callgrind (exact, where wall time on this 2-core machine is noisy).

The peers are benchmark peers and test oracles only: they live in their own virtual environment
(`.build/bench-venv`), never in pbrender. The table is printed and written, with the date, the
command and the machine's load, to `Tests/Benchmarks/results/geometry.md`.
"""

import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV = os.path.join(REPO, ".build", "bench-venv")
VENV_PYTHON = os.path.join(VENV, "bin", "python")
# Pinned so that a later run measures the same peers.
PEERS = ["skia-python==144.1", "svgpathtools==1.8.0", "scipy==1.17.1", "numpy==2.4.6", "mpmath==1.4.1"]
COMMAND = "python3 Tests/Benchmarks/geometry.py"


def ensure_venv():
    """Re-runs this script inside the benchmark's virtual environment, creating it if needed."""
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    if not os.path.exists(VENV_PYTHON):
        print(f"Creating {os.path.relpath(VENV, REPO)} ...", flush=True)
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
    probe = "import skia, svgpathtools, scipy, numpy, mpmath"
    if subprocess.call([VENV_PYTHON, "-c", probe], stderr=subprocess.DEVNULL) != 0:
        print("Installing the benchmark peers: " + " ".join(PEERS), flush=True)
        subprocess.check_call([VENV_PYTHON, "-m", "pip", "install", "--quiet", *PEERS])
    os.execv(VENV_PYTHON, [VENV_PYTHON, os.path.abspath(__file__), *sys.argv[1:]])


ensure_venv()

# From here on, inside the virtual environment.
import argparse  # noqa: E402
import importlib.metadata  # noqa: E402
import bisect  # noqa: E402
import cmath  # noqa: E402
import datetime  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from benchinfo import countable, cpu_name  # noqa: E402

import mpmath  # noqa: E402
import scipy  # noqa: E402
import skia  # noqa: E402
import svgpathtools  # noqa: E402
from scipy.integrate import IntegrationWarning, quad  # noqa: E402
from scipy.optimize import brentq  # noqa: E402

SEED = 2
SEGMENTS = 10_000
QUERIES = 1_000
ACCURACY = 1e-9
CHECK_ACCURACIES = [10.0**-k for k in range(3, 12)]
DATA = os.path.join(REPO, ".build", "bench-data")
SCRATCH = os.path.join(REPO, ".build", "bench")
RESULTS = os.path.join(REPO, "Tests", "Benchmarks", "results", "geometry.md")


# MARK: The path


def make_path(count=SEGMENTS, seed=SEED):
    """A G1-continuous chain of `count` cubics, seeded: chords of 20..120 units turning by a
    Gaussian angle, steered back into 100..900 at the edges, control arms of 20..45 % of the
    chord; coordinates written with three decimals, as SVG exporters do. Returns the start
    point, the list of (x1, y1, x2, y2, x, y) and the path data."""
    rng = random.Random(seed)
    x, y = 500.0, 500.0
    heading = rng.uniform(0, 2 * math.pi)
    tangent = heading
    start = (x, y)
    cubics = []
    for _ in range(count):
        chord = rng.uniform(20, 120)
        heading += rng.gauss(0, 0.6)
        ex, ey = x + chord * math.cos(heading), y + chord * math.sin(heading)
        if not (100 <= ex <= 900 and 100 <= ey <= 900):
            heading = math.atan2(500 - y, 500 - x) + rng.gauss(0, 0.3)
            ex, ey = x + chord * math.cos(heading), y + chord * math.sin(heading)
        arm1, arm2 = chord * rng.uniform(0.2, 0.45), chord * rng.uniform(0.2, 0.45)
        end_tangent = heading + rng.gauss(0, 0.5)
        numbers = (
            x + arm1 * math.cos(tangent), y + arm1 * math.sin(tangent),
            ex - arm2 * math.cos(end_tangent), ey - arm2 * math.sin(end_tangent), ex, ey,
        )  # fmt: skip
        numbers = tuple(float(f"{v:.3f}") for v in numbers)
        cubics.append(numbers)
        x, y, tangent = numbers[4], numbers[5], end_tangent
    data = f"M{start[0]:.3f} {start[1]:.3f}\n" + "".join(
        "C" + " ".join(f"{v:.3f}" for v in c) + "\n" for c in cubics
    )
    return start, cubics, data


def segments_of(start, cubics):
    """The cubics as lists of four complex control points."""
    segments, current = [], complex(*start)
    for c in cubics:
        points = [current, complex(c[0], c[1]), complex(c[2], c[3]), complex(c[4], c[5])]
        segments.append(points)
        current = points[3]
    return segments


def hard_curves():
    """Curves that make quadrature hard, named: cusps, near-cusps at several distances, loops,
    collinear curves that turn back, control points on end points, extreme sizes; then 200
    seeded near-cusps and loops; then quadratic curves (three points), 50 of them seeded."""
    named = {
        "cusp": [(0, 0), (300, 300), (0, 300), (300, 0)],
        "near-cusp 1": [(0, 0), (300, 300), (1, 300), (300, 0)],
        "near-cusp 1e-3": [(0, 0), (300, 300), (1e-3, 300), (300, 0)],
        "near-cusp 1e-6": [(0, 0), (300, 300), (1e-6, 300), (300, 0)],
        "near-cusp 1e-9": [(0, 0), (300, 300), (1e-9, 300), (300, 0)],
        "loop": [(100, 100), (700, 500), (-100, 500), (500, 100)],
        "closed loop": [(500, 500), (900, 100), (100, 100), (500, 500)],
        "collinear, turning back": [(0, 0), (600, 0), (-200, 0), (400, 0)],
        "collinear diagonal": [(0, 0), (600, 450), (-200, -150), (400, 300)],
        "control on start": [(0, 0), (0, 0), (300, 300), (300, 0)],
        "controls on ends": [(0, 0), (0, 0), (300, 0), (300, 0)],
        "straight": [(0, 0), (100, 100), (200, 200), (300, 300)],
        "tiny": [(0, 0), (1e-3, 2e-3), (3e-3, 1e-3), (4e-3, 0)],
        "huge": [(0, 0), (1e6, 3e6), (-2e6, 3e6), (1e6, 0)],
        "hairpin": [(0, 0), (500, 0), (500, 1), (0, 1)],
        "flat S": [(0, 0), (1000, 0), (0, 1e-3), (1000, 1e-3)],
    }
    rng = random.Random(7)
    for i in range(100):
        # A cusp is p2 = p0 + p3 - p1 (mirrored); move p2 off it by 10^-k of the size.
        p0, p1, p3 = (complex(rng.uniform(0, 1000), rng.uniform(0, 1000)) for _ in range(3))
        offset = cmath.rect(1000 * 10.0 ** -rng.uniform(0, 9), rng.uniform(0, 2 * math.pi))
        p2 = p0 + p3 - p1 + offset
        named[f"random near-cusp {i}"] = [(p.real, p.imag) for p in (p0, p1, p2, p3)]
    for i in range(100):
        p0, p3 = (complex(rng.uniform(0, 1000), rng.uniform(0, 1000)) for _ in range(2))
        d = p3 - p0
        p1 = p0 + d * complex(rng.uniform(1, 3), rng.uniform(0.5, 2))
        p2 = p3 + d * complex(-rng.uniform(1, 3), rng.uniform(0.5, 2))
        named[f"random loop {i}"] = [(p.real, p.imag) for p in (p0, p1, p2, p3)]
    # Quadratic curves (three points): turning back on a line, nearly so, ordinary.
    named["quadratic turning back"] = [(0, 0), (100, 0), (50, 0)]
    named["quadratic nearly turning back"] = [(0, 0), (100, 1e-6), (50, 0)]
    named["quadratic control on end"] = [(0, 0), (0, 0), (300, 100)]
    for i in range(50):
        named[f"random quadratic {i}"] = [(rng.uniform(0, 1000), rng.uniform(0, 1000)) for _ in range(3)]
    return {name: [complex(*p) for p in points] for name, points in named.items()}


def as_cubic(points):
    """A quadratic curve's three points as the four of the same curve as a cubic."""
    if len(points) == 4:
        return points
    p0, p1, p2 = points
    return [p0, p0 + 2 / 3 * (p1 - p0), p2 + 2 / 3 * (p1 - p2), p2]


# MARK: Reference lengths


def hodograph(points):
    """The derivative `a t^2 + b t + c` of a cubic, as complex coefficients."""
    p0, p1, p2, p3 = points
    return 3 * (p3 - 3 * p2 + 3 * p1 - p0), 6 * (p2 - 2 * p1 + p0), 3 * (p1 - p0)


def breakpoints(points):
    """Where the speed is (nearly) not smooth: around the real parts of the roots of the
    derivative that lie in (0, 1), at multiples of their distance from the real line."""
    a, b, c = hodograph(points)
    roots = []
    if a != 0:
        d = cmath.sqrt(b * b - 4 * a * c)
        roots = [(-b + d) / (2 * a), (-b - d) / (2 * a)]
    elif b != 0:
        roots = [-c / b]
    cuts = set()
    for r in roots:
        for k in (0, 1, 4, 16, 64):
            for side in (-1, 1):
                t = r.real + side * k * abs(r.imag)
                if 0 < t < 1:
                    cuts.add(t)
    return [0.0, *sorted(cuts), 1.0]


def reference_length(points):
    """scipy's adaptive Gauss–Kronrod per segment, split where the speed is nearly not smooth,
    at epsrel 1.2e-14 (QUADPACK refuses anything below 50 machine epsilons)."""
    a, b, c = hodograph(points)

    def speed(t):
        return abs((a * t + b) * t + c)

    cuts = breakpoints(points)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", IntegrationWarning)
        return math.fsum(
            quad(speed, t0, t1, epsabs=0, epsrel=1.2e-14, limit=200)[0] for t0, t1 in zip(cuts, cuts[1:])
        )


def mpmath_length(points, digits=30):
    """The same integral with mpmath's tanh-sinh quadrature at `digits` digits."""
    with mpmath.workdps(digits):
        a, b, c = (mpmath.mpc(v.real, v.imag) for v in hodograph(points))
        cuts = [mpmath.mpf(t) for t in breakpoints(points)]
        return float(mpmath.quad(lambda t: abs((a * t + b) * t + c), cuts))


def bezier_point(points, t):
    p0, p1, p2, p3 = points
    s = 1 - t
    return s * s * s * p0 + 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t * p3


def reference_point(segments, starts, total, fraction):
    """The point at `fraction` of the length: the segment by the cumulative reference lengths,
    then the inverse arc length by Brent's method on scipy's integral."""
    distance = fraction * total
    index = max(0, min(len(segments) - 1, bisect.bisect_right(starts, distance) - 1))
    points = segments[index]
    local = distance - starts[index]
    a, b, c = hodograph(points)

    def arc(t):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", IntegrationWarning)
            return quad(lambda u: abs((a * u + b) * u + c), 0, t, epsabs=0, epsrel=1.2e-14, limit=200)[0] - local

    if local <= 0:
        return points[0]
    t = brentq(arc, 0.0, 1.0, xtol=1e-15, rtol=8.9e-16)
    return bezier_point(points, t)


# MARK: The implementations


def swift_build():
    """Builds pbrender-bench in release mode in its own scratch path; returns the binary."""
    command = ["swift", "build", "-c", "release", "--scratch-path", SCRATCH, "--product", "pbrender-bench"]
    print("$ " + " ".join(os.path.relpath(p, REPO) if p == SCRATCH else p for p in command), flush=True)
    build = subprocess.run(command, cwd=REPO, capture_output=True, text=True)
    if build.returncode != 0:
        sys.exit(build.stdout + build.stderr + "\nThe build failed.")
    bin_path = subprocess.check_output([*command[:-2], "--show-bin-path"], cwd=REPO, text=True).strip()
    return os.path.join(bin_path, "pbrender-bench")


def run_json(command):
    return json.loads(subprocess.check_output(command, text=True))


def time_pbrender(binary, path_file, repeats):
    result = run_json(
        [binary, "time", path_file, "--repeats", str(repeats), "--accuracy", repr(ACCURACY), "--queries", str(QUERIES)]
    )
    points = run_json([binary, "points", path_file, "--accuracy", repr(ACCURACY), "--queries", str(QUERIES)])
    return {
        "parse": result["parse"]["median"],
        "measure": result["measure"]["median"],
        "query": result["query"]["median"],
        "length": result["length"],
        "points": [complex(*p) for p in points["points"]],
        "runs": {phase: result[phase]["runs"] for phase in ("parse", "measure", "query")},
    }


def time_skia(start, cubics, repeats):
    """Skia has no SVG parser: the path is built with moveTo/cubicTo from Python lists (the
    'parse' column), measured with PathMeasure(path, forceClosed=False, resScale=1) (its
    default tolerance) and getLength, and sampled with getPosTan."""

    def build():
        path = skia.Path()
        path.moveTo(*start)
        for c in cubics:
            path.cubicTo(*c)
        return path

    runs = {"parse": [], "measure": [], "query": [], "call": []}
    path = build()
    measure = skia.PathMeasure(path, False, 1.0)
    for _ in range(repeats + 1):  # the first round is not counted
        t = time.perf_counter()
        path = build()
        runs["parse"].append(time.perf_counter() - t)
        t = time.perf_counter()
        measure = skia.PathMeasure(path, False, 1.0)
        length = measure.getLength()
        runs["measure"].append(time.perf_counter() - t)
        t = time.perf_counter()
        results = [measure.getPosTan(i / QUERIES * length) for i in range(QUERIES)]
        runs["query"].append(time.perf_counter() - t)
        # The cost of 1,000 trivial calls into skia-python, for scale.
        t = time.perf_counter()
        for _ in range(QUERIES):
            measure.getLength()
        runs["call"].append(time.perf_counter() - t)
    runs = {phase: values[1:] for phase, values in runs.items()}
    return {
        **{phase: statistics.median(values) for phase, values in runs.items()},
        "length": length,
        "points": [complex(r[0].x(), r[0].y()) for r in results],
        "runs": runs,
    }


def time_svgpathtools(data, repeats, query_step):
    """parse_path, Path.length() on a freshly parsed path (it caches), and for queries
    Path.ilength then Path.point on every `query_step`-th fraction, scaled to 1,000."""
    runs = {"parse": [], "measure": [], "query": []}
    for _ in range(repeats):
        t = time.perf_counter()
        path = svgpathtools.parse_path(data)
        runs["parse"].append(time.perf_counter() - t)
    for _ in range(repeats):
        path = svgpathtools.parse_path(data)
        t = time.perf_counter()
        length = path.length()
        runs["measure"].append(time.perf_counter() - t)
    subset = range(0, QUERIES, query_step)
    points = {}
    for _ in range(max(1, repeats // 2)):
        t = time.perf_counter()
        for i in subset:
            points[i] = path.point(path.ilength(i / QUERIES * length))
        runs["query"].append((time.perf_counter() - t) * QUERIES / len(subset))
    return {
        **{phase: statistics.median(values) for phase, values in runs.items()},
        **{"min " + phase: min(values) for phase, values in runs.items()},
        "length": length,
        "points": points,
        "runs": runs,
    }


CHUNKS = 5


def merge(chunks):
    """One result from several chunks of runs: medians and minima over all their runs."""
    merged = dict(chunks[-1])
    merged["runs"] = {phase: [r for chunk in chunks for r in chunk["runs"][phase]] for phase in chunks[0]["runs"]}
    for phase, runs in merged["runs"].items():
        merged[phase] = statistics.median(runs)
        merged["min " + phase] = min(runs)
    return merged


# MARK: Checks


def check_accuracy(binary, path_segments, path_references, hard):
    """pbrender's lengths at accuracies 1e-3..1e-11 against the references: every segment of
    the path and every hard curve, each written as a subpath of its own, must be within relative
    error `accuracy`, measured both alone (`CubicBezier.length`) and as a path (`PathMeasure`,
    which measures the cubics of a path in one batch); the two must agree exactly."""
    hard_references = [mpmath_length(as_cubic(points)) for points in hard.values()]
    arguments = ["--accuracies", ",".join(repr(a) for a in CHECK_ACCURACIES)]
    names = [f"path segment {i}" for i in range(len(path_segments))] + list(hard)
    curves = list(path_segments) + list(hard.values())
    references = list(path_references) + hard_references
    curves_file = os.path.join(DATA, "check-curves.txt")
    with open(curves_file, "w") as f:
        for points in curves:
            numbers = [repr(v) for p in points for v in (p.real, p.imag)]
            f.write(f"M{numbers[0]} {numbers[1]} {'C' if len(points) == 4 else 'Q'}{' '.join(numbers[2:])}\n")
    count = len(path_segments)
    rows, failures, mismatches = [], [], 0
    for result in run_json([binary, "lengths", curves_file, *arguments]):
        accuracy = result["accuracy"]
        alone, together = result["segments"], result["subpaths"]
        mismatches += sum(x != y for x, y in zip(alone, together))
        errors = [
            max(abs(x / r - 1), abs(y / r - 1)) if r else max(abs(x), abs(y))
            for x, y, r in zip(alone, together, references)
        ]
        failures += [f"{name} at {accuracy:g}: {e:.2e}" for name, e in zip(names, errors) if e > accuracy]
        worst = max(range(count, len(errors)), key=errors.__getitem__)
        rows.append((accuracy, max(errors[:count]), max(errors[count:]), names[worst]))
    return rows, failures, mismatches


def callgrind_counts(binary, path_file, start, cubics):
    """Instructions, counted by callgrind: the steady cost of one round of a phase is the count
    with two rounds minus the count with one (start-up and one-time set-up cancel)."""
    if shutil.which("valgrind") is None:
        return None

    def count(command):
        # A fixed hash seed keeps Python's own work the same from run to run.
        with tempfile.TemporaryDirectory() as scratch:
            output = subprocess.run(
                ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *countable(command, scratch)],
                capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"},
            ).stderr  # fmt: skip
        return int(re.search(r"Collected : (\d+)", output).group(1))

    def pbrender(phase, rounds):
        return count([binary, "once", path_file, phase, "--rounds", str(rounds), "--accuracy", repr(ACCURACY)])

    skia_script = (
        "import skia, sys, json\n"
        "start, cubics = json.load(open(sys.argv[1]))\n"
        "path = skia.Path(); path.moveTo(*start)\n"
        "for c in cubics: path.cubicTo(*c)\n"
        "for _ in range(int(sys.argv[2])): skia.PathMeasure(path, False, 1.0).getLength()\n"
    )
    lists = os.path.join(DATA, "geometry-path.json")
    with open(lists, "w") as f:
        json.dump([start, cubics], f)

    def skia_measure(rounds):
        return count([sys.executable, "-c", skia_script, lists, str(rounds)])

    # (what, instructions, how many of the unit, the unit)
    return [
        ("pbrender measure", pbrender("measure", 2) - pbrender("measure", 1), SEGMENTS, "segment"),
        ("Skia PathMeasure measure", skia_measure(2) - skia_measure(1), SEGMENTS, "segment"),
        ("pbrender 1,000 queries", pbrender("query", 2) - pbrender("query", 1), QUERIES, "query"),
        ("pbrender parse", pbrender("parse", 2) - pbrender("parse", 1), SEGMENTS, "segment"),
    ]


# MARK: Report


def milliseconds(seconds):
    return f"{seconds * 1e3:.3g}" if seconds < 10 else f"{seconds * 1e3:,.0f}"


def ratio(value, base):
    return f"{value / base:.2f}×"


def machine():
    cpu = cpu_name()
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, {cpu}", (swift or ["swift ?"])[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, no callgrind (for a quick look)")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    parser.add_argument("--no-check", action="store_true", help="skip the accuracy check")
    options = parser.parse_args()
    repeats, slow_repeats, query_step = (15, 3, 50) if options.quick else (60, 5, 10)

    load_before = os.getloadavg()
    os.makedirs(DATA, exist_ok=True)
    start, cubics, data = make_path()
    path_file = os.path.join(DATA, "geometry-path.txt")
    with open(path_file, "w") as f:
        f.write(data)
    digest = hashlib.sha256(data.encode()).hexdigest()[:16]
    print(f"Path: {SEGMENTS:,} cubics, seed {SEED}, {len(data):,} bytes of path data (sha256 {digest}…)")
    binary = swift_build()

    print("Reference lengths (scipy quad per segment, cross-checked with mpmath) ...", flush=True)
    segments = segments_of(start, cubics)
    references = [reference_length(points) for points in segments]
    reference = math.fsum(references)
    sample = random.Random(1).sample(range(SEGMENTS), 40) + sorted(
        range(SEGMENTS), key=lambda i: -len(breakpoints(segments[i]))
    )[:20]
    reference_check = max(abs(references[i] / mpmath_length(segments[i]) - 1) for i in sample)

    # pbrender and Skia take turns, a few runs each, so that both see the machine's load alike.
    print("Timing pbrender and Skia, in turns ...", flush=True)
    chunks, skia_chunks = [], []
    for _ in range(CHUNKS):
        chunks.append(time_pbrender(binary, path_file, repeats // CHUNKS))
        skia_chunks.append(time_skia(start, cubics, repeats // CHUNKS))
    results = {"pbrender": merge(chunks), "Skia PathMeasure": merge(skia_chunks)}
    print("Timing svgpathtools ...", flush=True)
    results["svgpathtools"] = time_svgpathtools(data, slow_repeats, query_step)

    # Point errors on the fractions svgpathtools sampled, against reference points.
    starts = [0.0]
    for length in references[:-1]:
        starts.append(starts[-1] + length)
    subset = sorted(results["svgpathtools"]["points"])
    reference_points = {i: reference_point(segments, starts, reference, i / QUERIES) for i in subset}
    point_errors = {
        "pbrender": max(abs(results["pbrender"]["points"][i] - reference_points[i]) for i in subset),
        "Skia PathMeasure": max(abs(results["Skia PathMeasure"]["points"][i] - reference_points[i]) for i in subset),
        "svgpathtools": max(abs(results["svgpathtools"]["points"][i] - reference_points[i]) for i in subset),
    }

    base = results["pbrender"]
    header = (
        "| Implementation | (a) parse, ms | ratio | (b) measure, ms | ratio | (c) 1,000 queries, ms | ratio "
        "| length | relative length error | max point error |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    )
    labels = {
        "pbrender": "pbrender (accuracy 1e-9)",
        "Skia PathMeasure": "Skia PathMeasure (default tolerance)",
        "svgpathtools": "svgpathtools (default error)",
    }
    rows = []
    for name, result in results.items():
        parse = milliseconds(result["parse"]) + (" ¹" if name.startswith("Skia") else "")
        query = milliseconds(result["query"]) + (
            " ³" if name == "svgpathtools" else " ²" if name.startswith("Skia") else ""
        )
        rows.append(
            f"| {labels[name]} | {parse} | {ratio(result['parse'], base['parse'])} "
            f"| {milliseconds(result['measure'])} | {ratio(result['measure'], base['measure'])} "
            f"| {query} | {ratio(result['query'], base['query'])} "
            f"| {result['length']:.17g} | {abs(result['length'] / reference - 1):.1e} | {point_errors[name]:.1e} |"
        )
    peer = results["Skia PathMeasure"]
    skia_error = abs(peer["length"] / reference - 1)
    pbrender_error = abs(base["length"] / reference - 1)
    faster = peer["measure"] / base["measure"]
    target = faster >= 1 and pbrender_error * 1000 < skia_error
    table = header + "\n".join(rows) + "\n"
    best = (
        "\nThe fastest run of each (less sensitive to the other load on the machine than the median):\n\n"
        "| Implementation | (a) parse, ms | (b) measure, ms | ratio | (c) 1,000 queries, ms |\n"
        "|---|---:|---:|---:|---:|\n"
        + "\n".join(
            f"| {labels[name]} | {milliseconds(r['min parse'])} | {milliseconds(r['min measure'])} "
            f"| {ratio(r['min measure'], base['min measure'])} | {milliseconds(r['min query'])} |"
            for name, r in results.items()
        )
        + "\n"
    )
    table += best
    notes = f"""
Reference length: {reference:.17g} (scipy `quad` per segment, `epsrel` 1.2e-14, `math.fsum`; on
{len(sample)} segments, 20 of them the least smooth, it agrees with mpmath at 30 digits to
{reference_check:.1e}). Ratios are each median over pbrender's median: above 1 is slower than
pbrender. Point errors are the largest distance, in path units (coordinates 0..1000), from
reference points at the {len(subset)} fractions i/1000 with i a multiple of {query_step}.

¹ Skia has no SVG parser: the time to build the path from Python lists with moveTo/cubicTo.
² Includes skia-python's per-call overhead: 1,000 trivial calls (`getLength`) take
{milliseconds(peer['call'])} ms. Skia stores coordinates as 32-bit floats, which alone moves the
length by about 1e-8 relative.
³ svgpathtools' `ilength` + `point` are slow (a bisection on scipy integrals, then a linear scan):
{len(subset)} of the 1,000 queries (every {query_step}th fraction) were timed and the time scaled by
{QUERIES // len(subset)}.

Target (issue 2): pbrender measures {faster:.2f}× as fast as Skia's PathMeasure at its default
tolerance, with a length error {skia_error / max(pbrender_error, 1e-300):.1e} times smaller:
**{"met" if target else "NOT met"}**.
"""
    print()
    print(table + notes)

    check_text = ""
    failures = []
    if not options.no_check:
        print("Checking the accuracy guarantee ...", flush=True)
        hard = hard_curves()
        rows, failures, mismatches = check_accuracy(binary, segments, references, hard)
        check_text = (
            f"\n### Accuracy guarantee\n\npbrender's lengths against the references at each accuracy: every "
            f"segment of the path (against scipy) and {len(hard)} hard curves (cusps, near-cusps at "
            "distances 1 to 1e-9, loops, curves turning back on themselves, control points on end "
            "points, sizes from 1e-3 to 1e6, 200 seeded near-cusps and loops, and 53 quadratic curves; "
            "against mpmath at 30 digits), each measured alone (`CubicBezier.length`) and in a path "
            "(`PathMeasure`, which measures a path's cubics in one batch). The ratio is the worst relative error over the "
            "accuracy: below 1 means within the guarantee.\n\n"
            "| accuracy | path segments: worst | ratio | hard curves: worst | ratio | worst curve |\n"
            "|---:|---:|---:|---:|---:|---|\n"
            + "\n".join(f"| {a:.0e} | {p:.1e} | {p / a:.1e} | {h:.1e} | {h / a:.1e} | {name} |" for a, p, h, name in rows)
            + "\n\n"
            + (
                "**Violations:** " + "; ".join(failures[:20]) + "\n"
                if failures
                else "No violation: every length is within its accuracy.\n"
            )
            + (
                f"**{mismatches} lengths differ** between measuring alone and in a path.\n"
                if mismatches
                else "Alone and in a path, every length is the same to the last bit.\n"
            )
        )
        failures += ["alone and in a path differ"] if mismatches else []
        print(check_text)

    callgrind_text = ""
    if not options.no_callgrind and not options.quick:
        print("Counting instructions with callgrind ...", flush=True)
        counts = callgrind_counts(binary, path_file, start, cubics)
        if counts is None:
            callgrind_text = "\n### Instruction counts\n\nvalgrind is not installed: skipped.\n"
        else:
            callgrind_text = (
                "\n### Instruction counts (callgrind)\n\nExact and free of the machine's noise: each is the "
                "count with two rounds of the phase minus the count with one, so start-up and one-time "
                "set-up cancel. Skia's is skia-python's `PathMeasure(path, False, 1).getLength()` on the "
                "same path.\n\n| what | instructions | each |\n|---|---:|---:|\n"
                + "\n".join(f"| {name} | {n:,} | {n / count:,.0f} per {unit} |" for name, n, count, unit in counts)
                + "\n"
            )
            print(callgrind_text)

    load_after = os.getloadavg()
    about, swift = machine()
    versions = (
        f"skia-python {skia.__version__}, svgpathtools {importlib.metadata.version('svgpathtools')}, "
        f"scipy {scipy.__version__}, "
        f"mpmath {mpmath.__version__}, Python {platform.python_version()}"
    )
    document = f"""# Geometry benchmark

Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC with

    {COMMAND}{" --quick" if options.quick else ""}

on {about}; {swift}; {versions}. Load average {load_before[0]:.2f} before and {load_after[0]:.2f}
after: the machine is shared and noisy, so times are medians of {repeats} runs in the same process
(svgpathtools: {slow_repeats}), and the instruction counts below are the noise-free comparison.

The path: {SEGMENTS:,} cubic segments, a seeded smooth-ish random chain with coordinates in
0..1000 (seed {SEED}, {len(data):,} bytes of SVG path data, sha256 {digest}…), the same for all three.
Phases: (a) parse the SVG path data, (b) measure the total length, (c) 1,000 points at the fractions
i/1000.

{table}{notes}{check_text}{callgrind_text}"""
    os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
    with open(RESULTS, "w") as f:
        f.write(document)
    print(f"Written to {os.path.relpath(RESULTS, REPO)}")
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
