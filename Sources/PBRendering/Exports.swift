// `import PBRendering` gives the scene model and the style primitives too, as it did before they
// became modules of their own (PBScene, PBStyle): a Swift app's code keeps compiling.
@_exported import PBScene
@_exported import PBStyle
