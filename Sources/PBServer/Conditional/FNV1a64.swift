import PBSynchronization

/// The 64-bit FNV-1a hash, which ``EntityTag`` uses: the one FNV-1a type of pbrender's modules (PBSynchronization's
/// `FNV1a`) in 64 bits.
///
/// Starting from the offset basis 14695981039346656037 (`0xcbf29ce484222325`), each byte `b` updates the state
/// `h` to `(h XOR b) × 1099511628211 mod 2⁶⁴` (the FNV prime `0x100000001b3`). Known values: the empty input hashes
/// to the offset basis, `"a"` to `0xaf63dc4c8601ec8c`, `"foobar"` to `0x85944171f73967e8`. Not collision-resistant
/// against someone choosing inputs.
public typealias FNV1a64 = FNV1a<UInt64>
