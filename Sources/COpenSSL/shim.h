#ifndef PUSHPROOF_COPENSSL_SHIM_H
#define PUSHPROOF_COPENSSL_SHIM_H
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

/* OSSL_KDF_PARAM_* are string macros that import fine, but OSSL_PARAM arrays are easier
   to build in C: one call that runs HKDF (RFC 5869) with the named digest ("SHA256", "SHA384",
   "SHA512") in one of OpenSSL's modes: EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND (0), _EXTRACT_ONLY
   (1: `ikm` and `salt`, the output is the PRK) or _EXPAND_ONLY (2: `ikm` is the PRK, `info`). */
static inline int pushproof_hkdf(const char *digest, int mode,
                                 const unsigned char *ikm, size_t ikm_len,
                                 const unsigned char *salt, size_t salt_len,
                                 const unsigned char *info, size_t info_len,
                                 unsigned char *out, size_t out_len) {
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    if (kdf == NULL) return 0;
    EVP_KDF_CTX *ctx = EVP_KDF_CTX_new(kdf);
    EVP_KDF_free(kdf);
    if (ctx == NULL) return 0;
    static unsigned char empty[1] = {0};
    OSSL_PARAM params[6];
    size_t n = 0;
    params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)digest, 0);
    params[n++] = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &mode);
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY,
                                                    (void *)(ikm_len ? ikm : empty), ikm_len);
    if (mode != EVP_KDF_HKDF_MODE_EXPAND_ONLY)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT,
                                                        (void *)(salt_len ? salt : empty), salt_len);
    if (mode != EVP_KDF_HKDF_MODE_EXTRACT_ONLY)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO,
                                                        (void *)(info_len ? info : empty), info_len);
    params[n] = OSSL_PARAM_construct_end();
    int ok = EVP_KDF_derive(ctx, out, out_len, params);
    EVP_KDF_CTX_free(ctx);
    return ok == 1;
}
static inline int pushproof_hkdf_sha256(const unsigned char *ikm, size_t ikm_len,
                                        const unsigned char *salt, size_t salt_len,
                                        const unsigned char *info, size_t info_len,
                                        unsigned char *out, size_t out_len) {
    return pushproof_hkdf("SHA256", EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND, ikm, ikm_len, salt, salt_len,
                          info, info_len, out, out_len);
}
/* SHA3-256 through EVP, used only to cross-check PushProof's own Keccak permutation. */
static inline int pushproof_sha3_256(const unsigned char *in, size_t len, unsigned char *out) {
    unsigned int outlen = 0;
    return EVP_Digest(in, len, out, &outlen, EVP_sha3_256(), NULL) == 1 && outlen == 32;
}
#endif
