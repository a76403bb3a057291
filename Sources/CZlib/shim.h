#ifndef PUSHPROOF_CZLIB_SHIM_H
#define PUSHPROOF_CZLIB_SHIM_H
#include <zlib.h>

/* zlib's inflateInit2 and deflateInit2 are macros (they pass the library's version and the size
   of z_stream), which Swift cannot call. Everything else is done in Swift (PushProofCrypto/Zlib). */

static inline int pushproof_inflate_init2(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

static inline int pushproof_deflate_init2(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
#endif
