#!/usr/bin/env python3
"""The test oracle for PBDocument's lengths: svgpathtools (PyPI) reads each SVG file named on the
command line (its Document applies every group's and element's transform to every basic shape)
and prints one JSON object: file name -> the length of each shape it draws, in svgpathtools' own
order (grouped by kind, not document order; compare sorted lists or totals).

svgpathtools measures arcs with scipy's quad and Béziers by its own recursive subdivision; the
error bound asked for here is 1e-12 of each segment's length."""
import json
import sys
import warnings

from svgpathtools import Document

warnings.simplefilter("ignore")
result = {}
for name in sys.argv[1:]:
    lengths = []
    for path in Document(name).paths():
        total = 0.0
        for segment in path:
            try:
                total += segment.length(error=1e-13, min_depth=6)
            except TypeError:
                total += segment.length()
        lengths.append(total)
    result[name] = lengths
json.dump(result, sys.stdout)
