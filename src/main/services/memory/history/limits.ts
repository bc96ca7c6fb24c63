/**
 * Versions bigger than this are recorded by hash and size only (no blob): compressing and keeping
 * them would cost more than history is worth, and revert answers a clear error for them.
 */
export const BLOB_MAX_BYTES = 16 * 1024 * 1024
