// The JavaScript adapter kit's answers and its JSON (node --test adapters/kits/js/test/; no npm).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { Readable, Writable } = require("node:stream");

const kit = require(path.join(__dirname, "..", "pushproof-adapter.js"));
const { PROTOCOL, Adapter, AdapterError, Unimplemented, isInteger, parse, stringify } = kit;

function make(options = {}) {
  const logged = [];
  const adapter = new Adapter({ name: "kit-test", version: "2", log: (line) => logged.push(line), ...options });
  adapter.add("demo.echo", (input) => {
    if (!("text" in input)) throw new AdapterError("BAD_REQUEST", "text is missing");
    if (input.text === "skip") throw new Unimplemented();
    if (input.text === "code-only") throw new AdapterError("MALFORMED");
    return { text: input.text };
  });
  adapter.add("demo.crash", () => null.property, ["deployed", "hardened"]);
  adapter.add("demo.later", async (input) => ({ value: input.value }));
  return { adapter, logged };
}

function request(operation, fields = {}, profile = "deployed") {
  return { type: "request", id: 9, operation, input: { ...fields, profile } };
}

// Serves `chunks` (strings or Buffers, as they arrive) and returns the lines written.
async function serve(adapter, chunks) {
  let written = "";
  const output = new Writable({
    write(chunk, _encoding, done) {
      written += chunk.toString("latin1");
      done();
    },
  });
  await adapter.serve(Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c, "utf8") : c))), output);
  assert.ok(written === "" || written.endsWith("\n"), "every answer ends its line");
  return written.split("\n").slice(0, -1);
}

const MAX_INT64 = "9223372036854775807"; // 2^63 - 1
const MIN_INT64 = "-9223372036854775808"; // -2^63
const MAX_UINT64 = "18446744073709551615"; // 2^64 - 1

test("64-bit integers are read as BigInt beyond 2^53 and written back digit for digit", () => {
  const text = `{"a":${MAX_INT64},"b":${MAX_UINT64},"c":${MIN_INT64},"d":9007199254740991,"e":9007199254740992,"f":-9007199254740993}`;
  const value = parse(text);
  assert.equal(value.a, 2n ** 63n - 1n);
  assert.equal(value.b, 2n ** 64n - 1n);
  assert.equal(value.c, -(2n ** 63n));
  assert.equal(value.d, Number.MAX_SAFE_INTEGER); // still a Number
  assert.equal(value.e, 2n ** 53n);
  assert.equal(value.f, -(2n ** 53n) - 1n);
  assert.equal(stringify(value), text);
  for (const literal of [MAX_INT64, MIN_INT64, MAX_UINT64, "0", "-1", "100000000000000000000000000000"]) {
    assert.equal(stringify(parse(literal)), literal);
    assert.equal(stringify(parse(literal, { integers: "bigint" })), literal);
  }
});

test('integers: "bigint" makes every integer a BigInt and tells 1 from 1.0', () => {
  const value = parse('[1,1.0,1e0,-0,2.5,-0.0,1E+2]', { integers: "bigint" });
  assert.deepEqual(value, [1n, 1, 1, 0n, 2.5, -0, 100]);
  assert.equal(typeof value[0], "bigint");
  assert.equal(typeof value[1], "number");
  assert.deepEqual(parse("[1,1.0]"), [1, 1]);
  assert.ok(isInteger(1) && isInteger(2n ** 64n) && !isInteger(1.5) && !isInteger("1"));
  assert.throws(() => parse("1", { integers: "number" }), TypeError);
});

test("nested values round-trip", () => {
  const text = `{"outer":[{"inner":{"list":[[],{},[${MAX_UINT64},{"deep":[true,false,null]}]],"s":"x"}},-1.5e-7,"end"],"empty":""}`;
  assert.equal(stringify(parse(text)), text);
  const deep = "[".repeat(1000) + "]".repeat(1000);
  assert.equal(stringify(parse(deep)), deep);
  assert.throws(() => parse("[".repeat(1001) + "]".repeat(1001)), /nested deeper than 1000/);
  assert.deepEqual(parse(' \t\r\n{ "a" : [ 1 , 2 ] } \r\n'), { a: [1, 2] });
});

test("unicode escapes are decoded, lone surrogates kept, and the writer answers in ASCII", () => {
  const value = parse(String.raw`"\u00e9\u00E9 \ud83d\ude00 \ud800 \u2028 \u0000 \"\\\/\b\f\n\r\t"`);
  assert.equal(value, "\u00e9\u00e9 \u{1f600} \ud800 \u2028 \u0000 \"\\/\b\f\n\r\t");
  assert.equal(parse('"h\u00e9\u{1f600}"'), "h\u00e9\u{1f600}"); // raw UTF-8 text too
  const written = stringify(value);
  assert.match(written, /^[\x20-\x7e]*$/);
  assert.equal(written, String.raw`"\u00e9\u00e9 \ud83d\ude00 \ud800 \u2028 \u0000 \"\\/\b\f\n\r\t"`);
  assert.equal(parse(written), value);
  assert.equal(stringify({ "cl\u00e9": 1 }), String.raw`{"cl\u00e9":1}`);
});

test("duplicate keys are refused, at any depth; __proto__ is an ordinary member", () => {
  assert.throws(() => parse('{"a":1,"a":1}'), /duplicate key "a"/);
  assert.throws(() => parse('[{"x":{"b":1,"c":2,"b":3}}]'), /duplicate key "b"/);
  assert.throws(() => parse(String.raw`{"\u0061":1,"a":2}`), /duplicate key "a"/);
  assert.deepEqual(parse('{"a":{"a":1}}'), { a: { a: 1 } });
  const value = parse('{"__proto__":{"polluted":true}}');
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.equal(value.polluted, undefined);
  assert.deepEqual(Object.keys(value), ["__proto__"]);
  assert.equal(stringify(value), '{"__proto__":{"polluted":true}}');
});

test("anything but strict JSON is refused", () => {
  const refused = [
    "", " ", "NaN", "Infinity", "-Infinity", "[NaN]", "01", "-01", "1.", ".5", "1e", "+1", "0x10",
    "[1,]", '{"a":1,}', "{a:1}", "{'a':1}", "'a'", '"a\tb"', '"a\nb"', '"\\x"', '"\\u12"', '"abc',
    "[1] x", "[1", "tru", "nul", "\ufeff{}", "/*c*/1", '{"a" 1}', "[1 2]",
  ];
  for (const text of refused) assert.throws(() => parse(text), SyntaxError, JSON.stringify(text));
});

test("the writer refuses what JSON cannot hold and leaves out undefined members", () => {
  for (const bad of [NaN, Infinity, [1, -Infinity], new Map(), new Set(), new Uint8Array(2), Buffer.from("x")]) {
    assert.throws(() => stringify(bad), TypeError);
  }
  const cycle = {};
  cycle.self = cycle;
  assert.throws(() => stringify(cycle), /cycle/);
  assert.throws(() => stringify(undefined), TypeError);
  assert.equal(stringify({ a: undefined, b: () => 1, c: [undefined], d: new Date(0) }), '{"c":[null],"d":"1970-01-01T00:00:00.000Z"}');
  const shared = { x: 1 };
  assert.equal(stringify([shared, shared]), '[{"x":1},{"x":1}]'); // shared, not a cycle
});

test("the hello declares the operations and their own profiles", () => {
  const { adapter } = make();
  assert.deepEqual(adapter.hello(), {
    type: "hello", protocol: PROTOCOL, name: "kit-test", version: "2",
    operations: ["demo.crash", "demo.echo", "demo.later"], profiles: ["deployed"],
    operationProfiles: { "demo.crash": ["deployed", "hardened"] },
  });
  assert.equal(PROTOCOL, "pushproof-adapter/1");
});

test("wire error codes and notUpstream are declared when given", () => {
  const adapter = new Adapter({ name: "server", errorCodes: "wire", notUpstream: { "demo.echo": "own reading" } });
  const hello = adapter.hello();
  assert.equal(hello.errorCodes, "wire");
  assert.deepEqual(hello.notUpstream, { "demo.echo": "own reading" });
  assert.equal(hello.operationProfiles, undefined);
  assert.deepEqual(hello.operations, []);
  assert.throws(() => new Adapter({ name: "x", errorCodes: "loose" }), TypeError);
  assert.throws(() => new Adapter({}), TypeError);
});

test("error code groups are declared sorted", () => {
  const adapter = new Adapter({ name: "lib", errorCodeGroups: { INVALID_SIGNATURE: ["B_SIG", "A_SIG", "A_SIG"] } });
  assert.deepEqual(adapter.hello().errorCodeGroups, { INVALID_SIGNATURE: ["A_SIG", "B_SIG"] });
  assert.equal(new Adapter({ name: "plain" }).hello().errorCodeGroups, undefined);
  assert.throws(() => new Adapter({ name: "x", errorCodeGroups: { E: [] } }), TypeError);
});

test("output, coded errors and unimplemented", async () => {
  const { adapter } = make();
  assert.deepEqual(await adapter.answer(request("demo.echo", { text: "hi" })), { type: "response", id: 9, output: { text: "hi" } });
  assert.deepEqual(await adapter.answer(request("demo.echo")), {
    type: "response", id: 9, error: { code: "BAD_REQUEST", message: "text is missing" },
  });
  assert.deepEqual(await adapter.answer(request("demo.echo", { text: "code-only" })), {
    type: "response", id: 9, error: { code: "MALFORMED" },
  });
  assert.deepEqual(await adapter.answer(request("demo.later", { value: 2n ** 64n - 1n })), {
    type: "response", id: 9, output: { value: 2n ** 64n - 1n },
  });
  const unimplemented = { type: "response", id: 9, unimplemented: true };
  assert.deepEqual(await adapter.answer(request("demo.echo", { text: "skip" })), unimplemented);
  assert.deepEqual(await adapter.answer(request("demo.other", { text: "hi" })), unimplemented);
  assert.deepEqual(await adapter.answer(request("demo.echo", { text: "hi" }, "hardened")), unimplemented);
  assert.deepEqual(await adapter.answer({ type: "request", id: 9, operation: "demo.echo", input: [] }), unimplemented);
  assert.deepEqual(await adapter.answer({ type: "request", id: 9, operation: "toString", input: { profile: "deployed" } }), unimplemented);
});

test("an unexpected exception is a harness error, its stack on stderr, and serving goes on", async () => {
  const { adapter, logged } = make();
  const answer = await adapter.answer(request("demo.crash", {}, "hardened"));
  assert.equal(answer.error.code, "HARNESS_INPUT_ERROR");
  assert.match(answer.error.message, /^TypeError: /);
  assert.match(logged.join("\n"), /demo\.crash: TypeError/);
  assert.match(logged.join("\n"), /\n?\s+at .*pushproof-adapter\.test\.js/); // the stack
  const thrower = new Adapter({ name: "t", log: () => {} }).add("demo.throw", () => {
    throw "a string";
  });
  assert.deepEqual((await thrower.answer(request("demo.throw"))).error, { code: "HARNESS_INPUT_ERROR", message: "thrown: a string" });
  assert.deepEqual(await adapter.answer(request("demo.echo", { text: "still here" })), {
    type: "response", id: 9, output: { text: "still here" },
  });
});

test("an output that JSON cannot hold is a harness error, not a broken line", async () => {
  const logged = [];
  const adapter = new Adapter({ name: "t", log: (line) => logged.push(line) }).add("demo.nan", () => ({ x: NaN }));
  const line = await adapter.answerLine(Buffer.from(JSON.stringify(request("demo.nan"))));
  assert.deepEqual(JSON.parse(line), {
    type: "response", id: 9, error: { code: "HARNESS_INPUT_ERROR", message: "the output cannot be written as JSON: $.output.x: NaN has no JSON form" },
  });
  assert.equal(logged.length, 1);
});

test("serve frames JSON lines and skips, with a line on stderr, what is not a request", async () => {
  const { adapter, logged } = make();
  const lines = await serve(adapter, [
    JSON.stringify({ type: "hello", protocol: PROTOCOL }) + "\n",
    "\n",
    "not json\n",
    "[1,2]\n",
    '{"type":"bye"}\n',
    '{"type":"request","id":1,"id":2}\n',
    Buffer.from([0xff, 0xfe, 0x0a]),
    // one request split across chunks, in the middle of a multi-byte character
    Buffer.from('{"type":"request","id":3,"operation":"demo.echo","input":{"profile":"deployed","text":"h\u00e9\\u2028\\ud800', "utf8").subarray(0, 82),
    Buffer.from('{"type":"request","id":3,"operation":"demo.echo","input":{"profile":"deployed","text":"h\u00e9\\u2028\\ud800', "utf8").subarray(82),
    '"}}\r\n',
    `{"type":"request","id":${MAX_INT64},"operation":"demo.echo","input":{"profile":"deployed","text":"${MAX_UINT64}"}}\n`,
    // the last line needs no newline
    `{"type":"request","id":4,"operation":"demo.later","input":{"profile":"deployed","value":[${MIN_INT64},${MAX_UINT64}]}}`,
  ]);
  assert.equal(lines.length, 4);
  assert.equal(JSON.parse(lines[0]).type, "hello");
  for (const line of lines) assert.match(line, /^[\x20-\x7e]*$/);
  assert.equal(lines[1], String.raw`{"type":"response","id":3,"output":{"text":"h\u00e9\u2028\ud800"}}`);
  assert.equal(lines[2], `{"type":"response","id":${MAX_INT64},"output":{"text":"${MAX_UINT64}"}}`);
  assert.equal(lines[3], `{"type":"response","id":4,"output":{"value":[${MIN_INT64},${MAX_UINT64}]}}`);
  const log = logged.join("\n");
  assert.match(log, /ignored a line that is not JSON \(unexpected "n" at position 0/);
  assert.match(log, /ignored a message that is not a JSON object/);
  assert.match(log, /ignored a message of type bye/);
  assert.match(log, /ignored a line that is not JSON \(duplicate key "id"/);
  assert.match(log, /ignored a line that is not UTF-8/);
});

test("the hello of another protocol version is answered, and the difference logged", async () => {
  const { adapter, logged } = make();
  const lines = await serve(adapter, ['{"type":"hello","protocol":"pushproof-adapter/0"}\n']);
  assert.equal(JSON.parse(lines[0]).protocol, PROTOCOL);
  assert.match(logged.join("\n"), /the runner speaks pushproof-adapter\/0/);
});

test("an operation added twice is refused", () => {
  const { adapter } = make();
  assert.throws(() => adapter.add("demo.echo", () => ({})), /added twice/);
  assert.throws(() => adapter.add("demo.none", "not a function"), TypeError);
});
