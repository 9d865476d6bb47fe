#!/usr/bin/env python3
"""The test oracle for PBDocument's lengths: svgpathtools (PyPI) reads each SVG file named on the
command line, converts every basic shape to path data and composes every group's and element's
transform; this script prints one JSON object: file name -> the length of each shape, in
svgpathtools' own order (grouped by kind, not document order: compare sorted lists or totals).

Lengths: a shape whose transform has no linear part beyond the identity is measured by
svgpathtools itself (arcs with scipy's quad, Béziers by its recursive subdivision, at 1e-13).
Otherwise each untransformed segment's speed is mapped by the transform's linear part L and
integrated, |L γ'(t)| over 0...1, with scipy's quad at a relative 1e-13: svgpathtools' own
transform of an arc is not exact under a map that is not a similarity (it ignores the arc's
x-axis rotation when finding the image ellipse, and flips the sweep by the sign of a·d rather than
of the determinant), while γ' of the untransformed arc is."""
import json
import sys
import warnings

import numpy as np
from scipy.integrate import quad
import svgpathtools.document as document
from svgpathtools import Document

warnings.simplefilter("ignore")
# Keep every shape untransformed; flattened_paths stores the composed matrix on `path.transform`.
document.transform = lambda curve, tf: curve


def image_length(segment, linear):
    def speed(t):
        d = segment.derivative(t)
        return float(np.hypot(*(linear @ np.array([d.real, d.imag]))))

    # Split at quarters so that quad sees smooth pieces (a thin ellipse's tips, a cusp).
    total = 0.0
    for a in np.linspace(0, 1, 5)[:-1]:
        value, _ = quad(speed, a, a + 0.25, epsabs=0, epsrel=1e-13, limit=400)
        total += value
    return total


result = {}
for name in sys.argv[1:]:
    lengths = []
    for path in Document(name).paths():
        linear = np.array(path.transform)[:2, :2]
        identity = np.array_equal(linear, np.eye(2))
        total = 0.0
        for segment in path:
            if identity:
                total += segment.length(error=1e-13, min_depth=6)
            elif segment.start != segment.end or not hasattr(segment, "radius"):
                total += image_length(segment, linear)
        lengths.append(total)
    result[name] = lengths
json.dump(result, sys.stdout)
