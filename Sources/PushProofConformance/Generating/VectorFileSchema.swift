import PushProofJSON

/// The JSON Schema (draft 2020-12) of one vector file, written from its declaration and the
/// `OperationSchema` of each operation its groups use: the file's frame (Wycheproof's header
/// fields), a group definition per operation (its `type`, name and profiles), and a test
/// definition per operation whose `input` and answers follow the operation's fragments.
/// `pushproof vectors generate` writes it to `vectors/schemas/<file>_schema.json`; `verify`
/// fails when it would change. A third-party validator checks every file against it
/// (`scripts/check-schemas.py`).
public enum VectorFileSchema {
    /// The definitions every file's schema carries.
    public static func definitions(profiles: [Profile]) -> [JSONValue.Member] {
        let answer: JSONValue = [
            "type": "object", "additionalProperties": false, "required": ["error"],
            "properties": [
                "error": ["type": "string", "pattern": "^[A-Z][A-Z0-9_]*$"], "message": ["type": "string"],
            ],
        ]
        let testCommon: JSONValue = [
            "type": "object",
            "required": ["tcId", "comment", "flags", "result", "input", "expected"],
            "properties": [
                "tcId": ["type": "integer", "minimum": 1],
                "comment": ["type": "string"],
                "flags": [
                    "type": "array", "items": ["type": "string", "pattern": "^[A-Z][A-Za-z0-9]*$"], "uniqueItems": true,
                ],
                "source": ["type": "string", "minLength": 1],
                "result": JSONSchema.oneOf(strings: VectorResult.allCases.map(\.rawValue)),
                "intermediate": ["type": "object"],
                "alsoAccepted": ["type": "array", "minItems": 1],
                "deployedAnswer": ["type": "object"],
                "wireError": ["type": "string", "minLength": 1],
            ],
            "allOf": [
                [
                    "if": ["properties": ["result": ["const": "valid"]]],
                    "then": [
                        "properties": ["expected": ["required": ["output"]]], "not": ["required": ["alsoAccepted"]],
                    ],
                ],
                [
                    "if": ["properties": ["result": ["const": "invalid"]]],
                    "then": [
                        "properties": ["expected": ["$ref": "#/$defs/errorAnswer"]],
                        "not": ["required": ["alsoAccepted"]],
                    ],
                ],
                ["if": ["properties": ["result": ["const": "acceptable"]]], "then": ["required": ["alsoAccepted"]]],
            ],
        ]
        return [
            .init(
                "note",
                [
                    "type": "object", "additionalProperties": false, "required": ["bugType", "description"],
                    "properties": [
                        "bugType": JSONSchema.oneOf(strings: BugType.allCases.map(\.rawValue)),
                        "description": ["type": "string", "minLength": 1],
                        "upstream": JSONSchema.oneOf(strings: UpstreamReading.allCases.map(\.rawValue)),
                    ],
                ]),
            .init("profile", JSONSchema.oneOf(strings: profiles.map(\.rawValue))),
            .init(
                "base64",
                JSONSchema.pattern("^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$")),
            .init("hex", JSONSchema.pattern("^(?:[0-9a-f]{2})*$")),
            .init("hex32", JSONSchema.pattern("^[0-9a-f]{64}$")),
            .init("decimalInt64", JSONSchema.pattern("^-?(0|[1-9][0-9]*)$")),
            .init("errorAnswer", answer),
            .init("testCommon", testCommon),
        ]
    }

    /// `operations`: every operation of the catalogue, by name; a group whose operation has no
    /// schema stops generation.
    public static func schema(
        of file: VectorFileDeclaration, operations: [OperationName: SuiteOperation], profiles: [Profile]
    ) throws(GeneratorError) -> JSONValue {
        var used: [SuiteOperation] = []
        for group in file.groups where !used.contains(where: { $0.name == group.operation }) {
            guard let operation = operations[group.operation] else {
                throw GeneratorError("\(file.name): no suite offers \(group.operation)")
            }
            used.append(operation)
        }
        var definitions = definitions(profiles: profiles)
        for operation in used {
            let name = operation.name.rawValue
            definitions.append(.init("\(name).group", group(operation)))
            definitions.append(.init("\(name).test", test(operation.schema)))
        }
        let fileName = "\(file.name)_schema.json"
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": .string("https://pushproof.example/vectors/schemas/\(fileName)"),
            "title": .string("PushProof vectors: \(file.name) (\(file.protocolName))"),
            "type": "object",
            "additionalProperties": false,
            "required": [
                "suite", "schema", "protocol", "formatVersion", "numberOfTests", "header", "notes", "testGroups",
            ],
            "properties": [
                "suite": ["const": .string(file.name)],
                "schema": ["const": .string(fileName)],
                "protocol": ["const": .string(file.protocolName)],
                "formatVersion": ["const": .integer(VectorFile.formatVersion)],
                "numberOfTests": ["type": "integer", "minimum": 1],
                "header": ["type": "array", "items": ["type": "string"]],
                "notes": ["type": "object", "additionalProperties": ["$ref": "#/$defs/note"]],
                "testGroups": [
                    "type": "array", "minItems": 1,
                    "items": JSONSchema.oneOf(used.map { ["$ref": .string("#/$defs/\($0.name.rawValue).group")] }),
                ],
            ],
            "$defs": .object(definitions),
        ]
    }

    static func group(_ operation: SuiteOperation) -> JSONValue {
        [
            "type": "object", "additionalProperties": false,
            "required": ["type", "operation", "profile", "description", "tests"],
            "properties": [
                "type": ["const": .string(operation.schema.groupType)],
                "operation": ["const": .string(operation.name.rawValue)],
                "profile": JSONSchema.oneOf(strings: operation.profiles.sorted().map(\.rawValue)),
                "description": ["type": "string"],
                "tests": [
                    "type": "array", "minItems": 1,
                    "items": ["$ref": .string("#/$defs/\(operation.name.rawValue).test")],
                ],
            ],
        ]
    }

    static func test(_ schema: OperationSchema) -> JSONValue {
        let answer = JSONSchema.oneOf([
            ["$ref": "#/$defs/errorAnswer"],
            [
                "type": "object", "additionalProperties": false, "required": ["output"],
                "properties": ["output": schema.output],
            ],
        ])
        return [
            "allOf": [["$ref": "#/$defs/testCommon"]], "type": "object", "additionalProperties": false,
            "properties": [
                "tcId": true, "comment": true, "flags": true, "source": true, "result": true, "intermediate": true,
                "alsoAccepted": ["type": "array", "items": answer], "deployedAnswer": true, "wireError": true,
                "input": schema.input, "expected": answer,
            ],
        ]
    }
}
