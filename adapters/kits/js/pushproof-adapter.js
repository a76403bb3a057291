// The adapter kit for JavaScript: serve your implementation to `pushproof run --impl` in a few
// lines. Plain Node (20 or later), no npm packages, CommonJS: `require()` this file by its path.
//
// PushProof talks to an implementation over JSON lines on stdin and stdout
// (docs/adapter-protocol.md, protocol `pushproof-adapter/1`). This file does the framing, the
// hello, the error answers and `unimplemented`; you write one function per operation,
// `input -> output` (it may return a Promise), and throw `new AdapterError(code, message)` to
// refuse an input with the protocol's error code:
//
//     const { Adapter, AdapterError } = require("../kits/js/pushproof-adapter.js");
//
//     const adapter = new Adapter({ name: "my-zulip-client", version: "1.0" });
//     adapter.add("registration.tokenId", (input) => {
//       if (typeof input.token !== "string") throw new AdapterError("BAD_REQUEST", "token must be a string");
//       return { tokenId: "...", tokenIdInt64: "..." };
//     });
//     adapter.serve();
//
// and run `pushproof run --impl "node my-adapter.js"`. docs/operations.md gives every operation's
// input, output and error codes; starters/example_token_id.js is a complete adapter of one
// operation.
//
// What the kit answers for you (as the Python kit, pushproof.adapter, does):
// - the hello, with the operations added and their profiles (`operationProfiles` for those whose
//   profiles differ from the adapter's), `errorCodes`, `notUpstream` and `errorCodeGroups` when
//   given;
// - `unimplemented` for an operation or profile you did not add (the runner skips only what the
//   hello did not declare, so the run fails if you declare an operation and then answer
//   `unimplemented`: throw `new Unimplemented()` only for an input you knowingly leave out);
// - an exception other than AdapterError becomes the error HARNESS_INPUT_ERROR, its stack on
//   stderr, and the adapter goes on serving (a crash would cost the runner a restart);
// - a line that is not UTF-8, not JSON, or not a JSON object is reported on stderr and skipped.
//
// JSON and 64-bit integers. `JSON.parse` turns every number into a double, which loses the digits
// of integers beyond 2^53 (the vectors hold 2^63 - 1, -2^63 and 2^64 - 1), so the kit reads and
// writes JSON itself (`parse` and `stringify` below, exported too):
// - an integer literal (no fraction, no exponent) within Number.MAX_SAFE_INTEGER reaches your
//   handler as a Number, and one beyond it as a BigInt, exact (the default, `integers: "auto"`);
//   test an integer with `isInteger(value)`, which takes both;
// - with `new Adapter({ ..., integers: "bigint" })` every integer literal is a BigInt, and a
//   Number means the literal had a fraction or an exponent (`1.0`, `1e0`): this tells `1` from
//   `1.0`, as Python's int and float do, where an operation's vectors do (envelope.receive's
//   `push_key_id`);
// - in an output, write a BigInt for an integer beyond 2^53: it is written as a bare integer
//   literal. A Number must be finite (NaN and Infinity have no JSON form and are refused, where
//   JSON.stringify would write null); a Map, a Set or a byte array is refused too (docs/operations.md
//   says how bytes are spelled: hex or base64 strings);
// - strict RFC 8259: a duplicate key in an object, NaN, Infinity, a leading zero, a trailing comma
//   or a raw control character in a string make the line "not JSON", as in the Python kit; `\u`
//   escapes are decoded, a lone surrogate is kept, and the writer escapes everything beyond ASCII,
//   so any string survives the pipe. A key `__proto__` is an ordinary own member.
//
// Cryptography. Node's `crypto` has SHA-2, HMAC, Ed25519, X25519 and the AEADs OpenSSL offers,
// but not XSalsa20-Poly1305 (libsodium's crypto_secretbox and crypto_box, which Zulip's envelope
// and registration operations use) nor BLAKE2b-192 (the sealed box's nonce; Node has only
// blake2b512, and BLAKE2b-192 is not its truncation). Do not write them yourself: add libsodium-wrappers to your own project (`npm install libsodium-wrappers`), then
//     const sodium = require("libsodium-wrappers");
//     await sodium.ready;                               // before adapter.serve()
//     sodium.crypto_secretbox_open_easy(ciphertext, nonce, key);   // throws on a bad tag
//     sodium.crypto_box_easy(message, nonce, publicKey, secretKey);
//     sodium.crypto_generichash(24, bytes);             // BLAKE2b-192
// (tweetnacl, `nacl.secretbox.open`, has secretbox and box too, but no BLAKE2b and no sealed
// boxes). This kit needs none of it, and PushProof ships no npm package.
"use strict";

const PROTOCOL = "pushproof-adapter/1";

/** Refuse an input: `code` is the protocol's error code (`BAD_REQUEST`, `MALFORMED`, ...);
 * `message`, optional, is compared only where a vector gives one (it is `detail` here, since an
 * Error's own `message` is the whole text). Never put key bytes or plaintext in it. */
class AdapterError extends Error {
  constructor(code, message) {
    super(message === undefined ? String(code) : `${code}: ${message}`);
    this.name = "AdapterError";
    this.code = code;
    this.detail = message;
  }
}

/** Answer `unimplemented` to this one request. */
class Unimplemented extends Error {
  constructor() {
    super("unimplemented");
    this.name = "Unimplemented";
  }
}

/** True for an integer as the reader gives it: a BigInt, or a Number without a fraction. */
function isInteger(value) {
  return typeof value === "bigint" || Number.isInteger(value);
}

// ---------------------------------------------------------------------------------------------
// JSON

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;
const STRING_STOP = /["\\\u0000-\u001f]/g;
const SHORT_ESCAPES = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** One JSON text (RFC 8259, strictly) to a value. `integers`: "auto" (Numbers within
 * Number.MAX_SAFE_INTEGER, BigInts beyond) or "bigint" (every integer literal a BigInt).
 * Throws SyntaxError. */
function parse(text, { integers = "auto", maxDepth = 1000 } = {}) {
  if (integers !== "auto" && integers !== "bigint") throw new TypeError('integers is "auto" or "bigint"');
  let i = 0;
  const fail = (what) => {
    throw new SyntaxError(`${what} at position ${i}`);
  };
  const space = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else return;
    }
  };
  const literal = (word, result) => {
    if (!text.startsWith(word, i)) fail(`unexpected ${describe(i)}`);
    i += word.length;
    return result;
  };
  const describe = (at) => (at >= text.length ? "end of text" : JSON.stringify(text[at]));

  function value(depth) {
    space();
    switch (text[i]) {
      case "{":
        return object(depth + 1);
      case "[":
        return array(depth + 1);
      case '"':
        return string();
      case "t":
        return literal("true", true);
      case "f":
        return literal("false", false);
      case "n":
        return literal("null", null);
      default:
        return number();
    }
  }

  function number() {
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (match === null) fail(`unexpected ${describe(i)}`);
    const spelled = match[0];
    i += spelled.length;
    if (match[1] !== undefined || match[2] !== undefined) return Number(spelled);
    if (integers === "bigint") return BigInt(spelled);
    const n = Number(spelled);
    return Number.isSafeInteger(n) ? n : BigInt(spelled);
  }

  function string() {
    i++; // the opening quote
    let out = "";
    for (;;) {
      STRING_STOP.lastIndex = i;
      const stop = STRING_STOP.exec(text);
      if (stop === null) {
        i = text.length;
        fail("unterminated string");
      }
      out += text.slice(i, stop.index);
      i = stop.index;
      const c = text[i];
      if (c === '"') {
        i++;
        return out;
      }
      if (c !== "\\") fail("a control character in a string");
      const e = text[i + 1];
      if (e === "u") {
        const hex = text.slice(i + 2, i + 6);
        if (!HEX4.test(hex)) fail("a \\u escape without four hex digits");
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else if (e !== undefined && Object.prototype.hasOwnProperty.call(SHORT_ESCAPES, e)) {
        out += SHORT_ESCAPES[e];
        i += 2;
      } else {
        fail("an unknown escape");
      }
    }
  }

  function object(depth) {
    if (depth > maxDepth) fail(`nested deeper than ${maxDepth}`);
    i++; // {
    const result = {};
    space();
    if (text[i] === "}") {
      i++;
      return result;
    }
    for (;;) {
      space();
      if (text[i] !== '"') fail(`expected a key, not ${describe(i)}`);
      const at = i;
      const key = string();
      if (Object.prototype.hasOwnProperty.call(result, key)) {
        i = at;
        fail(`duplicate key ${JSON.stringify(key)}`);
      }
      space();
      if (text[i] !== ":") fail(`expected ":", not ${describe(i)}`);
      i++;
      const member = value(depth);
      // An own member whatever its name (`result["__proto__"] = x` would set the prototype).
      Object.defineProperty(result, key, { value: member, writable: true, enumerable: true, configurable: true });
      space();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "}") {
        i++;
        return result;
      }
      fail(`expected "," or "}", not ${describe(i)}`);
    }
  }

  function array(depth) {
    if (depth > maxDepth) fail(`nested deeper than ${maxDepth}`);
    i++; // [
    const result = [];
    space();
    if (text[i] === "]") {
      i++;
      return result;
    }
    for (;;) {
      result.push(value(depth));
      space();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "]") {
        i++;
        return result;
      }
      fail(`expected "," or "]", not ${describe(i)}`);
    }
  }

  const result = value(0);
  space();
  if (i !== text.length) fail(`text after the value: ${describe(i)}`);
  return result;
}

const NEEDS_ESCAPE = /[\u0000-\u001f"\\\u0080-\uffff]/g;
const ESCAPES = { '"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function quote(s) {
  return (
    '"' +
    s.replace(NEEDS_ESCAPE, (c) => ESCAPES[c] || "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")) +
    '"'
  );
}

/** A value to compact JSON in ASCII (everything beyond escaped as \uXXXX), BigInts as bare
 * integer literals. As JSON.stringify: `toJSON` is used, members whose value is undefined or a
 * function are left out (null in an array). Unlike it: NaN, Infinity, a Map, a Set, a byte array
 * and a cycle throw TypeError. */
function stringify(value) {
  const open = new Set();
  function write(v, where) {
    if (v !== null && typeof v === "object" && ArrayBuffer.isView(v)) {
      throw new TypeError(`${where}: a byte array has no JSON form (write bytes as hex or base64)`);
    }
    if (v !== null && (typeof v === "object" || typeof v === "bigint") && typeof v.toJSON === "function") {
      v = v.toJSON();
    }
    switch (typeof v) {
      case "string":
        return quote(v);
      case "bigint":
        return v.toString();
      case "number":
        if (!Number.isFinite(v)) throw new TypeError(`${where}: ${v} has no JSON form`);
        return JSON.stringify(v);
      case "boolean":
        return v ? "true" : "false";
      case "undefined":
      case "function":
      case "symbol":
        return undefined;
    }
    if (v === null) return "null";
    if (v instanceof Map || v instanceof Set) {
      throw new TypeError(`${where}: a ${v.constructor.name} has no JSON form (use a plain object or an array)`);
    }
    if (v instanceof Number || v instanceof String || v instanceof Boolean) return write(v.valueOf(), where);
    if (open.has(v)) throw new TypeError(`${where}: a cycle`);
    open.add(v);
    let text;
    if (Array.isArray(v)) {
      text = "[" + v.map((item, n) => write(item, `${where}[${n}]`) ?? "null").join(",") + "]";
    } else {
      const members = [];
      for (const key of Object.keys(v)) {
        const member = write(v[key], `${where}.${key}`);
        if (member !== undefined) members.push(quote(key) + ":" + member);
      }
      text = "{" + members.join(",") + "}";
    }
    open.delete(v);
    return text;
  }
  const text = write(value, "$");
  if (text === undefined) throw new TypeError(`${typeof value} has no JSON form`);
  return text;
}

// ---------------------------------------------------------------------------------------------
// The adapter

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function sameList(a, b) {
  return a.length === b.length && a.every((item, n) => item === b[n]);
}

function defaultLog(text) {
  process.stderr.write(text + "\n");
}

/** One implementation's operations, served over the adapter protocol.
 *
 * `profiles`: the profiles every operation answers in unless `add(..., profiles)` says otherwise.
 * `errorCodes: "wire"`: the implementation can only pass on the codes a real server puts on the
 * wire (docs/adapter-protocol.md). `notUpstream`: operation -> why its deployed answers to the
 * hardened vectors' inputs are the implementation's own reading. `errorCodeGroups`: code -> the
 * PushProof codes it stands for, where the library behind the adapter answers one code for
 * several faults (docs/adapter-protocol.md). `integers`: how handlers see
 * integers ("auto" or "bigint", above). `log`: where the kit's stderr lines go. */
class Adapter {
  constructor({
    name,
    version = "1",
    profiles = ["deployed"],
    errorCodes,
    notUpstream,
    unexpectedErrorCode = "HARNESS_INPUT_ERROR",
    errorCodeGroups,
    integers = "auto",
    log = defaultLog,
  } = {}) {
    if (typeof name !== "string" || name === "") throw new TypeError("an adapter needs a name");
    if (errorCodes !== undefined && errorCodes !== "wire") throw new TypeError('errorCodes is undefined or "wire"');
    if (integers !== "auto" && integers !== "bigint") throw new TypeError('integers is "auto" or "bigint"');
    this.name = name;
    this.version = String(version);
    this.profiles = [...profiles];
    this.errorCodes = errorCodes;
    this.notUpstream = { ...(notUpstream || {}) };
    this.unexpectedErrorCode = unexpectedErrorCode;
    this.errorCodeGroups = {};
    for (const code of Object.keys(errorCodeGroups || {}).sort()) {
      const group = [...new Set(errorCodeGroups[code])].sort();
      if (group.length === 0) throw new TypeError("each error code group names at least one code");
      this.errorCodeGroups[code] = group;
    }
    this.integers = integers;
    this.log = log;
    this.handlers = new Map();
    this.operationProfiles = new Map();
  }

  /** Offer `operation` (e.g. "registration.seal"), answered by `handler(input) -> output` (or a
   * Promise of it), in `profiles` (default: the adapter's). Returns the adapter. */
  add(operation, handler, profiles) {
    if (typeof handler !== "function") throw new TypeError(`${operation}: the handler is not a function`);
    if (this.handlers.has(operation)) throw new Error(`${operation} is added twice`);
    this.handlers.set(operation, handler);
    this.operationProfiles.set(operation, profiles === undefined ? [...this.profiles] : [...profiles]);
    return this;
  }

  get operations() {
    return [...this.handlers.keys()].sort();
  }

  hello() {
    const answer = {
      type: "hello",
      protocol: PROTOCOL,
      name: this.name,
      version: this.version,
      operations: this.operations,
      profiles: [...this.profiles],
    };
    const differing = {};
    for (const operation of this.operations) {
      const profiles = this.operationProfiles.get(operation);
      if (!sameList(profiles, this.profiles)) differing[operation] = profiles;
    }
    if (Object.keys(differing).length > 0) answer.operationProfiles = differing;
    const notUpstream = Object.keys(this.notUpstream).sort();
    if (notUpstream.length > 0) {
      answer.notUpstream = {};
      for (const operation of notUpstream) answer.notUpstream[operation] = this.notUpstream[operation];
    }
    if (this.errorCodes) answer.errorCodes = this.errorCodes;
    if (Object.keys(this.errorCodeGroups).length > 0) answer.errorCodeGroups = { ...this.errorCodeGroups };
    return answer;
  }

  /** The answer to one message of the runner's, already parsed (null: nothing to answer). */
  async answer(message) {
    if (!isObject(message)) {
      this.log(`${this.name}: ignored a message that is not a JSON object`);
      return null;
    }
    if (message.type === "hello") {
      if (message.protocol !== PROTOCOL) {
        this.log(`${this.name}: the runner speaks ${String(message.protocol)}; this kit speaks ${PROTOCOL}`);
      }
      return this.hello();
    }
    if (message.type !== "request") {
      this.log(`${this.name}: ignored a message of type ${String(message.type)}`);
      return null;
    }
    const id = message.id;
    const operation = message.operation;
    const input = message.input;
    try {
      const handler = typeof operation === "string" ? this.handlers.get(operation) : undefined;
      const profile = isObject(input) ? input.profile : undefined;
      if (handler === undefined || !this.operationProfiles.get(operation).includes(profile)) throw new Unimplemented();
      const output = await handler(input);
      return { type: "response", id, output: output === undefined ? null : output };
    } catch (error) {
      if (error instanceof AdapterError) {
        const body = { code: error.code };
        if (error.detail !== undefined) body.message = error.detail;
        return { type: "response", id, error: body };
      }
      if (error instanceof Unimplemented) return { type: "response", id, unimplemented: true };
      // A bug, or an input the implementation cannot use.
      const summary = error instanceof Error ? `${error.name}: ${error.message}` : `thrown: ${String(error)}`;
      this.log(`${this.name}: ${String(operation)}: ${summary}`);
      if (error instanceof Error && error.stack) this.log(error.stack);
      return { type: "response", id, error: { code: this.unexpectedErrorCode, message: summary } };
    }
  }

  /** The line to write for one line read (bytes, without its newline), or null. */
  async answerLine(bytes) {
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      this.log(`${this.name}: ignored a line that is not UTF-8`);
      return null;
    }
    if (/^[ \t\r\n]*$/.test(text)) return null;
    let message;
    try {
      message = parse(text, { integers: this.integers });
    } catch (error) {
      this.log(`${this.name}: ignored a line that is not JSON (${error.message})`);
      return null;
    }
    const reply = await this.answer(message);
    if (reply === null) return null;
    try {
      return stringify(reply);
    } catch (error) {
      this.log(`${this.name}: ${String(message.operation)}: the output cannot be written as JSON: ${error.message}`);
      return stringify({
        type: "response",
        id: reply.id,
        error: { code: this.unexpectedErrorCode, message: `the output cannot be written as JSON: ${error.message}` },
      });
    }
  }

  /** Answer the runner until `input` ends (default: stdin and stdout). Lines end at "\n" only;
   * each is answered before the next is read. Returns a Promise. */
  async serve(input = process.stdin, output = process.stdout) {
    const write = async (line) => {
      if (!output.write(line + "\n")) await new Promise((resolve) => output.once("drain", resolve));
    };
    let pending = [];
    for await (const chunk of input) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      let start = 0;
      for (let end = bytes.indexOf(10, start); end !== -1; end = bytes.indexOf(10, start)) {
        pending.push(bytes.subarray(start, end));
        const line = pending.length === 1 ? pending[0] : Buffer.concat(pending);
        pending = [];
        start = end + 1;
        const reply = await this.answerLine(line);
        if (reply !== null) await write(reply);
      }
      if (start < bytes.length) pending.push(Buffer.from(bytes.subarray(start)));
    }
    if (pending.length > 0) {
      const reply = await this.answerLine(Buffer.concat(pending));
      if (reply !== null) await write(reply);
    }
  }
}

module.exports = { PROTOCOL, Adapter, AdapterError, Unimplemented, isInteger, parse, stringify };
