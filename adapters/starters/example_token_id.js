#!/usr/bin/env node
// A complete adapter of one operation, registration.tokenId, through the JavaScript kit (plain
// Node, no npm packages):
//
//     pushproof run --impl "node starters/example_token_id.js" --file registration_client
//
// passes every registration.tokenId vector and skips the file's other operation.
// docs/operations.md, "registration.tokenId": the first 8 bytes of SHA-256 over the token's UTF-8
// bytes, as standard base64 with padding (`tokenId`) and as a big-endian signed 64-bit integer
// written in decimal (`tokenIdInt64`, a string: it is often beyond 2^53, so it is read as a
// BigInt, never a Number). starter.js, beside this file, says where the kit comes from.
"use strict";
const crypto = require("node:crypto");
const { Adapter, AdapterError } = require("../kits/js/pushproof-adapter.js");

const adapter = new Adapter({ name: "example-token-id-js", version: "1" });

adapter.add("registration.tokenId", (input) => {
  if (typeof input.token !== "string") throw new AdapterError("BAD_REQUEST", "token must be a string");
  if (!input.token.isWellFormed()) throw new AdapterError("BAD_REQUEST", "token is not Unicode text (a lone surrogate)");
  const first8 = crypto.createHash("sha256").update(input.token, "utf8").digest().subarray(0, 8);
  return {
    tokenId: first8.toString("base64"),
    tokenIdInt64: first8.readBigInt64BE(0).toString(),
  };
});

adapter.serve();
