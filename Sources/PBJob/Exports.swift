// A render job is made of the output's and the scene's types (`ImageFormat`, `ProgressIndicator`,
// `Color`): `import PBJob` gives them, through PBRendering.
@_exported import PBRendering
