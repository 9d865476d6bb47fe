// `import PBCommandLine` gives the render job and its inputs too (PBJob), as it did before the app
// core became a module of its own: a Swift app that builds `RenderJob`s keeps compiling.
@_exported import PBJob
