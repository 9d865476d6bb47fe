#!/usr/bin/env python3
"""The test oracle for PBDocument's lengths: svgpathtools (PyPI) reads each SVG file named on the
command line, converts every basic shape to path data and composes every group's and element's
transform; this script prints one JSON object: file name -> the length of each shape, in
svgpathtools' own order (grouped by kind, not document order: compare sorted lists or totals).

With `--visible` first, what a browser does not draw is left out first (`defs`, `clipPath`, `mask`,
`marker`, `pattern`, `symbol`, `display: none` given as an attribute or in `style`, and shapes that
paint nothing: `fill` none and no `stroke`, inherited through attributes and `style`), as
PBDocument leaves it out, rectangles' corner radii are resolved as SVG 2 says, transforms' numbers
are spaced (svgpathtools misreads `matrix(.3 0 0 .3-1-2)`), and the root's
`viewBox` is mapped onto its `width` and `height` (in px); a document with a `<use>` (which svgpathtools does not expand) or whose
path data svgpathtools cannot parse gives null.

Lengths: a shape whose transform has no linear part beyond the identity is measured by
svgpathtools itself (arcs with scipy's quad, Béziers by its recursive subdivision, at 1e-13).
Otherwise each untransformed segment's speed is mapped by the transform's linear part L and
integrated, |L γ'(t)| over 0...1, with scipy's quad at a relative 1e-13: svgpathtools' own
transform of an arc is not exact under a map that is not a similarity (it ignores the arc's
x-axis rotation when finding the image ellipse, and flips the sweep by the sign of a·d rather than
of the determinant), while γ' of the untransformed arc is."""
import json
import os
import re
import sys
import tempfile
import warnings
from xml.etree import ElementTree

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


# What a browser does not draw, left out of a document in `--visible` mode.
UNDRAWN = {"defs", "clipPath", "mask", "marker", "pattern", "symbol", "metadata"}


def hidden(element):
    """Whether `element` says `display: none` (as an attribute or in its style attribute)."""
    style = element.get("style", "").replace(" ", "")
    return element.get("display") == "none" or "display:none" in style


NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def spaced_numbers(transform):
    """A transform list with its numbers separated by spaces (`matrix(.3 0 0 .3 -1 -2)` for
    `matrix(.3 0 0 .3-1-2)`, which SVG allows and svgpathtools misreads)."""
    return re.sub(r"\(([^)]*)\)", lambda m: "(" + " ".join(NUMBER.findall(m.group(1))) + ")", transform)


def resolve_corner_radii(rect):
    """A rectangle's `rx` and `ry` as SVG 2 resolves them (a missing one is the other; each at most
    half the side; square corners when either is 0), written out: svgpathtools takes them as given."""
    def number(attribute):
        text = rect.get(attribute)
        try:
            return float(text) if text is not None and text != "auto" else None
        except ValueError:
            return None
    rx, ry = number("rx"), number("ry")
    rx = ry if rx is None else rx
    ry = rx if ry is None else ry
    if rx is None or rx <= 0 or ry <= 0:
        # Square corners when either radius is 0 (svgpathtools would still shorten the sides).
        rect.attrib.pop("rx", None)
        rect.attrib.pop("ry", None)
        return
    width, height = number("width") or 0, number("height") or 0
    rect.set("rx", repr(min(rx, width / 2)))
    rect.set("ry", repr(min(ry, height / 2)))


SHAPES = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}


def declared(element, prop):
    """`prop` as `element`'s `style` attribute or presentation attribute gives it, or None."""
    for declaration in element.get("style", "").split(";"):
        key, _, value = declaration.partition(":")
        if key.strip() == prop:
            return value.strip()
    return element.get(prop)


def remove_unpainted(element, fill="black", stroke="none"):
    """Removes the shapes under `element` that paint nothing: no fill and no stroke."""
    for child in list(element):
        tag = child.tag.split("}")[-1] if isinstance(child.tag, str) else ""
        own_fill = declared(child, "fill") or fill
        own_stroke = declared(child, "stroke") or stroke
        if tag in SHAPES and own_fill == "none" and own_stroke == "none":
            element.remove(child)
        else:
            remove_unpainted(child, own_fill, own_stroke)


def visible_copy(name, scratch):
    """A copy of the document without what is not drawn, or None when svgpathtools could not
    compare it (a `<use>`, which it does not expand)."""
    tree = ElementTree.parse(name)
    for parent in tree.iter():
        for child in list(parent):
            tag = child.tag.split("}")[-1] if isinstance(child.tag, str) else ""
            if tag == "use":
                return None
            if tag in UNDRAWN or hidden(child):
                parent.remove(child)
            elif tag == "rect":
                resolve_corner_radii(child)
            if child.get("transform") is not None:
                child.set("transform", spaced_numbers(child.get("transform")))
    remove_unpainted(tree.getroot())
    copy = os.path.join(scratch, "visible.svg")
    tree.write(copy)
    return copy


UNITS = {"": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "pt": 96 / 72, "pc": 16}


def root_scale(name):
    """The linear part of the map from the root's user units to the canvas (its `width` and `height`, in
    px, from its `viewBox` as `preserveAspectRatio` says), which svgpathtools does not apply."""
    root = ElementTree.parse(name).getroot()
    box = [float(v) for v in root.get("viewBox", "").replace(",", " ").split()] or None

    def length(attribute, fallback):
        text = root.get(attribute, "").strip()
        number = text.rstrip("abcdefghijklmnopqrstuvwxyz%")
        if not number or text.endswith("%"):
            return fallback
        return float(number) * UNITS[text[len(number):]]

    if not box or box[2] <= 0 or box[3] <= 0:
        return np.eye(2) * length("width", 1) / length("width", 1)
    width = length("width", None)
    height = length("height", None)
    if width is None and height is None:
        width, height = box[2], box[3]
    elif width is None:
        width = height * box[2] / box[3]
    elif height is None:
        height = width * box[3] / box[2]
    sx, sy = width / box[2], height / box[3]
    if root.get("preserveAspectRatio", "").split()[:1] != ["none"]:
        slice_ = root.get("preserveAspectRatio", "").split()[1:2] == ["slice"]
        sx = sy = max(sx, sy) if slice_ else min(sx, sy)
    return np.diag([sx, sy])


visible = sys.argv[1:2] == ["--visible"]
result = {}
scratch = tempfile.mkdtemp()
for name in sys.argv[2:] if visible else sys.argv[1:]:
    source = visible_copy(name, scratch) if visible else name
    if source is None:
        result[name] = None
        continue
    try:
        paths = Document(source).paths()
    except Exception:  # svgpathtools' parser refuses some valid path data (`a1 1 0 011 1`)
        if not visible:
            raise
        result[name] = None
        continue
    lengths = []
    root = root_scale(name) if visible else np.eye(2)
    for path in paths:
        linear = root @ np.array(path.transform)[:2, :2]
        identity = np.array_equal(linear, np.eye(2))
        total = 0.0
        for segment in path:
            if identity:
                total += segment.length(error=1e-13, min_depth=6)
            elif segment.start != segment.end or hasattr(segment, "control") or hasattr(segment, "control1"):
                # A line or an arc from a point to itself has no length (and svgpathtools has no
                # derivative for the line); a Bézier loop from a point to itself has one.
                total += image_length(segment, linear)
        lengths.append(total)
    result[name] = lengths
json.dump(result, sys.stdout)
