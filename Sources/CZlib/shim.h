#ifndef PUSHPROOF_CZLIB_SHIM_H
#define PUSHPROOF_CZLIB_SHIM_H
#include <string.h>
#include <zlib.h>

/* zlib's inflateInit2/deflateInit2 are macros, which Swift cannot call: two one-shot helpers.
   window_bits: -15 raw DEFLATE (RFC 1951), 15 zlib (RFC 1950), 31 gzip (RFC 1952). */

enum {
    PUSHPROOF_Z_OK = 0,
    PUSHPROOF_Z_TOO_LARGE = 1,   /* the output would pass `capacity` bytes */
    PUSHPROOF_Z_BAD_DATA = 2,    /* not a valid stream (or a bad header / checksum) */
    PUSHPROOF_Z_TRUNCATED = 3,   /* the input ended before the stream did */
    PUSHPROOF_Z_TRAILING = 4,    /* bytes left after the end of the stream */
    PUSHPROOF_Z_FAILURE = 5      /* zlib could not start (memory) */
};

static inline int pushproof_inflate(const unsigned char *in, size_t in_len, unsigned char *out, size_t capacity,
                                    int window_bits, size_t *out_len) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (inflateInit2(&s, window_bits) != Z_OK) return PUSHPROOF_Z_FAILURE;
    s.next_in = (Bytef *)in;
    s.avail_in = (uInt)in_len;
    s.next_out = out;
    s.avail_out = (uInt)capacity;
    int status = inflate(&s, Z_FINISH);
    int result;
    if (status == Z_STREAM_END) {
        result = s.avail_in == 0 ? PUSHPROOF_Z_OK : PUSHPROOF_Z_TRAILING;
    } else if (status == Z_BUF_ERROR && s.avail_out == 0) {
        result = PUSHPROOF_Z_TOO_LARGE;   /* stopped at the cap: refuse rather than grow */
    } else if (status == Z_BUF_ERROR) {
        result = PUSHPROOF_Z_TRUNCATED;
    } else {
        result = PUSHPROOF_Z_BAD_DATA;
    }
    *out_len = s.total_out;
    inflateEnd(&s);
    return result;
}

static inline size_t pushproof_deflate_bound(size_t in_len) {
    return compressBound((uLong)in_len) + 32; /* + room for a gzip header and trailer */
}

static inline int pushproof_deflate(const unsigned char *in, size_t in_len, unsigned char *out, size_t capacity,
                                    int window_bits, size_t *out_len) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, Z_DEFAULT_COMPRESSION, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) != Z_OK) return PUSHPROOF_Z_FAILURE;
    s.next_in = (Bytef *)in;
    s.avail_in = (uInt)in_len;
    s.next_out = out;
    s.avail_out = (uInt)capacity;
    int status = deflate(&s, Z_FINISH);
    *out_len = s.total_out;
    deflateEnd(&s);
    return status == Z_STREAM_END ? PUSHPROOF_Z_OK : PUSHPROOF_Z_FAILURE;
}
#endif
