/// Requests the server must refuse, each with the one-line message it answers with (400, text/plain):
/// the CLI's messages with options named as query parameters.
enum ServeCorpus {
    static let longLabel = String(repeating: "x", count: 1001)
    static let longTitle = String(repeating: "y", count: 201)

    static let badRequests: [(target: String, message: String)] = [
        ("/render.png?line-width=wide&progress=0.5", "parameter 'line-width' expects a number >= 0, not 'wide'"),
        ("/render.png?progres=0.5", "unknown parameter 'progres' (did you mean 'progress'?)"),
        // Control characters are refused where they are decoded, so no message carries one (the name is not
        // repeated: it holds the control character).
        (
            "/render.apng?anima%0A%03anite-to=1&",
            "a parameter name holds the control character U+000A at offset 5 of the query; values are text without "
                + "control characters"
        ),
        (
            "/render.png",
            "give the progress with 'progress=P' (like 0.5 or 50%) or one of 'values', 'bytes' and 'step'; "
                + "or an animation with 'animate-to=B'"
        ),
        ("/render.png?progress=0.5&progress=0.6", "parameter 'progress' is given more than once"),
        (
            "/render.png?output=/tmp/x&progress=1",
            "parameter 'output' does not apply over HTTP: the image is the response"
        ),
        (
            "/render.png?path=/etc/passwd&progress=1",
            "parameter 'path' would name a file on the server, which requests do not read: give the curve file's JSON "
                + "as 'curve', or 'path-data'"
        ),
        (
            "/render.png?phases=/etc/passwd&phase=1",
            "parameter 'phases' would name a file on the server, which requests do not read"
        ),
        (
            "/render.png?frames=3",
            "parameter 'frames' writes numbered files, which a response cannot be: ask for /render.apng or an animated "
                + "/render.svg with 'animate-to'"
        ),
        (
            "/render.png?progress=1&force",
            "parameter 'force' does not apply over HTTP: nothing is written to a terminal"
        ),
        (
            "/render.png?progress=0.5&shape=ring&path-data=M0,0L1,1",
            "give one of 'curve', 'path-data' and 'shape', not 'path-data' and 'shape'"
        ),
        (
            "/render.svg?progress=0.5&scale=2",
            "parameter 'scale' applies to PNG, WebP or GIF output only: SVG and PDF are vector (sized in points); set 'width' and "
                + "'height' instead (with 'view-box' a path's coordinates scale too)"
        ),
        (
            "/render.png?progress=%ZZ",
            "bad percent escape \"%ZZ\" at offset 9 of the query: \"%\" must be followed by two hexadecimal digits"
        ),
        (
            "/render.png?progress=%FF",
            "invalid UTF-8 at offset 9 of the query: byte 0xFF does not begin a well-formed UTF-8 sequence"
        ),
        (
            "/render.png?progress=1&size=4000",
            "the image is 4000 x 4000 pixels, 16000000 pixels to render; this server renders at most 4194304 a request: "
                + "ask for a smaller size or scale"
        ),
        (
            "/render.apng?animate-to=1&size=256&duration=10&fps=60",
            "the image is 256 x 256 pixels x 601 frames, 39387136 pixels to render; this server renders at most 4194304 "
                + "a request: ask for a smaller size or scale, or fewer frames (duration, fps)"
        ),
        (
            "/render.png?progress=0.5&shape=hexagon",
            "parameter 'shape' expects one of 'bar', 'ring', 'semicircle', 'gauge', not 'hexagon'"
        ),
        (
            "/render.png?progress=0.5&width=20000&height=10",
            "parameter 'width' gives a canvas 20000 points wide; the limit is 16384 a side"
        ),
        (
            "/render.png?progress=0.5&dash=0.001&line-width=2",
            "the dash pattern is too fine for a path 797.9645340118075 long: it lays more than 100000 dashes along it"
        ),
        (
            "/render.png?progress=0.5&label=\(longLabel)",
            "parameter 'label': the label has 1001 characters, more than the limit of 256 at offset 256 (line 1, column 257)"
        ),
        (
            "/render.png?progress=0.5&label=%7Bbytes%7D",
            "cannot write the label: the label uses {bytes}, but the progress has no byte counts at offset 0 (line 1, "
                + "column 1)"
        ),
        ("/render.png?live=maybe&progress=1", "parameter 'live' expects true or false, not 'maybe'"),
        (
            "/render.png?progress=0.5&color-stops-blend",
            "'color-stops-blend' blends the stops of 'color-stops': give them too"
        ),
        (
            "/render.png?progress=0.5&progress-color=blu",
            "parameter 'progress-color': 'blu' is not a colour (did you mean 'blue'?): use #RGB, #RGBA, #RRGGBB, "
                + "#RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a), a CSS colour name (tomato) or a system colour (systemBlue)"
        ),
        (
            "/render.svg?progress=0.5&appearance=dark",
            "parameter 'appearance' applies to PNG, PDF, WebP and GIF: an SVG carries both appearances and follows the viewer's"
        ),
        (
            "/render.png?progress=0.5&shape=bar&start-angle=90",
            "parameter 'start-angle' does not apply here: a bar runs straight; start angles turn round shapes"
        ),
        (
            "/render.png?progress=0.5&fps=500&animate-to=1",
            "parameter 'fps' expects a whole number from 1 to 120, not '500'"
        ),
        (
            "/render.png?progress=0.5&path-data=Q",
            "parameter 'path-data': invalid path data: path data must begin with a move command ('M' or 'm'), not 'Q' "
                + "at offset 0 (line 1, column 1)"
        ),
        (
            "/render.apng?progress=0.5",
            "an animated PNG needs an animation: give 'animate-to=B' (and 'duration') or 'indeterminate=STYLE'"
        ),
        (
            "/render.png?curve=%7B%22path%22:1%7D&progress=1",
            "curve:1:9: 'path' must be a string of SVG path data, not a number"
        ),
        ("/render.png?curve=1&curve=2", "parameter 'curve' is given more than once"),
        // A noncharacter in a label was a 500 for a PDF (Cairo refuses it; found by the fuzzer's serve target).
        (
            "/render.pdf?progress=0.75&label=pe%EF%BF%BF",
            "cannot write the label: the label contains U+FFFF, a Unicode noncharacter, at offset 2"
        ),
        (
            "/badge.svg?progress=2x",
            "parameter 'progress' expects a fraction (0.5), a percentage (50%) or a ratio (512/1024), not '2x'"
        ),
        (
            "/badge.svg?title=x",
            "give the progress with 'progress=P' (like 0.87, 87% or 217/250), or 'start=DATE' and 'end=DATE' for one "
                + "that moves with the clock"
        ),
        (
            "/badge.svg?progress=1&style=round",
            "parameter 'style' expects one of 'flat', 'flat-square', 'plastic', 'for-the-badge', 'social', not 'round'"
        ),
        ("/badge.svg?progress=1&total=0", "parameter 'total' expects a whole number >= 1, not '0'"),
        (
            "/badge.svg?progress=1&format=png",
            "parameter 'format' does not apply over HTTP: the path names the format (/badge.png, /badge.svg, /badge.pdf, /badge.webp or /badge.gif)"
        ),
        (
            "/badge.png?progress=1&scale=100",
            "the image is 13900 x 2000 pixels, 27800000 pixels to render; this server renders at most 4194304 a "
                + "request: ask for a smaller size or scale"
        ),
        (
            "/badge.svg?progress=0.5&title=\(longTitle)",
            "cannot write the label: a badge's text has 201 characters, more than the 200 it may have"
        ),
        ("/badge.svg?progress=0.5&shape=ring", "unknown parameter 'shape'"),
    ]
}
