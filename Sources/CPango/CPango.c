// CPango is a C target only for its headers (include/): see the comment in Package.swift.
// A C target needs one source file; this one compiles to nothing.
typedef int pbrender_cpango_has_no_code;
