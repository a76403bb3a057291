#!/usr/bin/env node
// A starting point for an adapter in JavaScript (Node, no npm packages): the adapter protocol
// (docs/adapter-protocol.md) in a few lines. It offers no operation yet, so
// `pushproof run --impl "node starter.js"` skips every vector and exercises the protocol.
//
// Add an operation to `operations`: a function from the input object to the output object
// (docs/operations.md gives each operation's input, output and error codes). Throw
// `new AdapterError(code, message)` to refuse an input. Declare only what you implement: an
// operation the hello names and then answers `unimplemented` fails its vectors.
"use strict";
const readline = require("node:readline");

const PROTOCOL = "pushproof-adapter/1";

class AdapterError extends Error {
  constructor(code, message) {
    super(message === undefined ? code : `${code}: ${message}`);
    this.code = code;
    this.detail = message;
  }
}

// operation name -> { profiles: [...], run: (input) => output }
const operations = {
  // "registration.tokenId": {
  //   profiles: ["deployed"],
  //   run(input) {
  //     if (typeof input.token !== "string") throw new AdapterError("BAD_REQUEST", "token must be a string");
  //     return { tokenId: "...", tokenIdInt64: "..." };
  //   },
  // },
};

function hello() {
  // Every operation answers in `deployed` unless it lists its own profiles.
  const names = Object.keys(operations).sort();
  const operationProfiles = {};
  for (const n of names) operationProfiles[n] = operations[n].profiles;
  return { type: "hello", protocol: PROTOCOL, name: "starter-js", version: "0", operations: names, profiles: ["deployed"], operationProfiles };
}

function answer(message) {
  if (message === null || typeof message !== "object" || Array.isArray(message)) return null;
  if (message.type === "hello") return hello();
  if (message.type !== "request") return null;
  const id = message.id;
  const operation = Object.prototype.hasOwnProperty.call(operations, message.operation) ? operations[message.operation] : undefined;
  const input = message.input;
  const profile = input !== null && typeof input === "object" ? input.profile : undefined;
  if (operation === undefined || !operation.profiles.includes(profile)) return { type: "response", id, unimplemented: true };
  try {
    return { type: "response", id, output: operation.run(input) };
  } catch (error) {
    if (error instanceof AdapterError) {
      const body = { code: error.code };
      if (error.detail !== undefined) body.message = error.detail;
      return { type: "response", id, error: body };
    }
    process.stderr.write(`starter-js: ${message.operation}: ${error && error.stack ? error.stack : error}\n`);
    return { type: "response", id, error: { code: "HARNESS_INPUT_ERROR", message: String(error) } };
  }
}

// JSON lines, one object a line (a raw CR, on which readline also splits, never occurs in JSON).
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (line.trim() === "") return;
  let message;
  try {
    message = JSON.parse(line);
  } catch (error) {
    process.stderr.write(`starter-js: ignored a line that is not JSON (${error.message})\n`);
    return;
  }
  const reply = answer(message);
  if (reply !== null) process.stdout.write(JSON.stringify(reply) + "\n");
});
