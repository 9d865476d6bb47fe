/// One drawing of a `<use>`'s target: the document itself (instance 0), or a `<use>` drawn within
/// another instance. Each instance's elements get their own part of the progress, so a rewritten
/// document draws each from its own copy of the target (``DocumentRewriter``).
struct DocumentInstance: Hashable, Sendable {
    /// The `<use>` element (-1 for the document itself).
    var use: Int
    /// The instance the `<use>` is drawn in (-1 for the document itself).
    var parent: Int
    /// The element the `<use>` refers to (the root for the document itself).
    var target: Int
}
