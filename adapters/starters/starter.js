#!/usr/bin/env node
// A starting point for an adapter in JavaScript (plain Node 20 or later, no npm packages): it
// offers no operation yet, so `pushproof run --allow-empty --impl "node starters/starter.js"`
// skips every vector and exercises the protocol end to end (`--allow-empty`: a run that tests
// nothing fails otherwise).
//
// It uses the JavaScript adapter kit, kits/js/pushproof-adapter.js (CommonJS), found by its path
// beside this folder: in the release tarball, in a folder `python -m pushproof.starter DIR` wrote
// from the wheel, and in a checkout of PushProof (adapters/starters, adapters/kits). Copy both
// folders, or change the path below, to move it into your project. The kit does the JSON lines,
// the hello, coded errors and `unimplemented`, and reads and writes 64-bit integers exactly
// (BigInt beyond Number.MAX_SAFE_INTEGER; its header says how handlers see integers).
//
// Add an operation with `adapter.add(name, (input) => output)` (docs/operations.md gives each
// operation's input, output and error codes; example_token_id.js, beside this file, is a complete
// adapter of one operation). Throw `new AdapterError(code, message)` to refuse an input. Declare
// only what you implement: an operation the hello names and then answers `unimplemented` fails
// its vectors.
//
// XSalsa20-Poly1305: Zulip's envelope and registration operations use libsodium's
// crypto_secretbox and crypto_box (and BLAKE2b-192 for the sealed box's nonce), which Node's
// crypto does not have. Do not write them yourself: `npm install libsodium-wrappers` in your own
// project, `const sodium = require("libsodium-wrappers")`, `await sodium.ready` before
// `adapter.serve()`, then sodium.crypto_secretbox_open_easy(ciphertext, nonce, key),
// sodium.crypto_box_easy(message, nonce, publicKey, secretKey), sodium.crypto_generichash(24, bytes).
// (tweetnacl's nacl.secretbox and nacl.box work too, without BLAKE2b or sealed boxes.)
"use strict";
const { Adapter, AdapterError } = require("../kits/js/pushproof-adapter.js");

const adapter = new Adapter({ name: "starter-js", version: "0", profiles: ["deployed"] });

// adapter.add("registration.tokenId", (input) => {
//   if (typeof input.token !== "string") throw new AdapterError("BAD_REQUEST", "token must be a string");
//   return { tokenId: "...", tokenIdInt64: "..." };
// });

adapter.serve();
