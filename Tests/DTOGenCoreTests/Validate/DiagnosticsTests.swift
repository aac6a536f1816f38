import Testing
@testable import DTOGenCore

/// Broken specs: each one marks the offending token with «, and must be reported exactly
/// there, with the message, as an error, and with nothing generated.
struct DiagnosticsTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let spec: String
        let message: String
        var description: String { name }
    }

    static let endpoint = #"{ "name": "get", "path": "/x", "response": "T" }"#

    static let cases: [Case] = [
        // JSON syntax
        Case(name: "trailing comma in object", spec: #"{ "endpoints": [], «}"#, message: "trailing comma before '}'"),
        Case(name: "trailing comma in array", spec: #"{ "endpoints": [1, «] }"#, message: "trailing comma before ']'"),
        Case(
            name: "unterminated string", spec: "{ \"endpoints\": [], \"name\": «\"abc", message: "unterminated string"),
        Case(
            name: "newline in string", spec: "{ \"name\": «\"ab\ncd\" }",
            message: "unterminated string (a newline inside a string must be written \\n)"),
        Case(
            name: "unterminated string before more lines",
            spec: "{ \"endpoints\": [],\n  \"name\": «\"abc,\n  \"x\": 1 }",
            message: "unterminated string (a newline inside a string must be written \\n)"),
        Case(name: "bad escape", spec: #"{ "name": "a«\q" }"#, message: "invalid escape '\\q' in string"),
        Case(
            name: "bad unicode escape", spec: #"{ "name": "a«\u12G4" }"#,
            message: "invalid \\u escape; expected 4 hex digits"),
        Case(
            name: "lone surrogate", spec: #"{ "name": "a«\uD800x" }"#,
            message: "invalid escape: unpaired surrogate \\uD800"),
        Case(name: "leading zero", spec: #"{ "x": «01 }"#, message: "invalid number; leading zeros are not allowed"),
        Case(name: "bad fraction", spec: #"{ "x": «1. }"#, message: "invalid number; expected a digit after '.'"),
        Case(name: "bad exponent", spec: #"{ "x": «1e }"#, message: "invalid number; expected a digit in the exponent"),
        Case(name: "bare word", spec: #"{ "x": «nope }"#, message: "invalid literal; expected 'null'"),
        Case(
            name: "single quotes", spec: #"{ «'x': 1 }"#, message: "unexpected \"'\"; expected a key in double quotes"),
        Case(
            name: "duplicate key", spec: "{ \"endpoints\": [],\n  «\"endpoints\": [] }",
            message: "duplicate key 'endpoints' (first at 1:3)"),
        Case(name: "empty file", spec: "«", message: "the file is empty; expected a JSON object"),
        Case(name: "whitespace only", spec: "  \n«", message: "the file is empty; expected a JSON object"),
        Case(
            name: "not an object", spec: "«[1, 2]",
            message:
                "a spec must be a JSON object, found an array; if it is a payload or fixture, keep it out of the specs folder, or name specs *.dtogen.json and pass --suffix .dtogen.json"
        ),
        Case(
            name: "a payload beside the specs",
            spec: #"«{ "type": "FeatureCollection", "features": [], "metadata": { "count": 0 } }"#,
            message:
                "this file does not look like a dtogen spec (it has none of the keys 'types', 'endpoints', 'name', 'baseURL', 'options', 'envelope'); if it is a payload or fixture, keep it out of the specs folder, or name specs *.dtogen.json and pass --suffix .dtogen.json"
        ),
        Case(
            name: "garbage after value", spec: "{ \"endpoints\": [] } «x",
            message: "unexpected 'x' after the end of the JSON value"),
        Case(
            name: "missing colon", spec: #"{ "endpoints" «[] }"#,
            message: "unexpected '['; expected ':' after key 'endpoints'"),
        Case(
            name: "missing comma", spec: #"{ "endpoints": [] «"name": "A" }"#,
            message: "unexpected '\"'; expected ',' or '}'"),

        // Top level and options
        Case(
            name: "missing endpoints", spec: #"«{ "name": "A" }"#,
            message: "missing required key 'endpoints' (an array of endpoints; it may be empty)"),
        Case(
            name: "misspelled top-level key", spec: #"{ "endpoints": [], «"endpoint": [] }"#,
            message: "unknown key 'endpoint' in the spec; did you mean 'endpoints'?"),
        Case(
            name: "unknown top-level key", spec: #"{ "endpoints": [], «"zzz": 1 }"#,
            message:
                "unknown key 'zzz' in the spec; allowed keys are 'name', 'baseURL', 'options', 'envelope', 'error', 'errors', 'types', 'endpoints', 'mappings', 'imports', 'openapi', 'operations', 'repository', 'kinds', 'externalTypes'"
        ),
        Case(
            name: "endpoints not an array", spec: #"{ "endpoints": «{} }"#,
            message: "'endpoints' must be an array of endpoint objects, found an object"),
        Case(
            name: "bad access", spec: #"{ "options": { "access": «"publik" }, "endpoints": [] }"#,
            message: "unknown access level 'publik'; expected 'internal', 'package' or 'public'; did you mean 'public'?"
        ),
        Case(
            name: "misspelled option", spec: #"{ "options": { «"date": "iso8601" }, "endpoints": [] }"#,
            message: "unknown key 'date' in 'options'; did you mean 'dates'?"),
        Case(
            name: "bad date format", spec: #"{ "options": { "dates": «"iso8061" }, "endpoints": [] }"#,
            message: "unknown date format 'iso8061'; did you mean 'iso8601'?"),
        Case(
            name: "date format that is no pattern", spec: #"{ "options": { "dates": «"unix" }, "endpoints": [] }"#,
            message: "unknown date format 'unix'; did you mean 'secondsSince1970'?"),
        Case(
            name: "unknown naming", spec: #"{ "options": { "naming": «"swfit" }, "endpoints": [] }"#,
            message:
                "unknown naming 'swfit'; expected 'swift' (initialisms uniformly cased: 'avatarURL') or 'camel' ('avatarUrl'); did you mean 'swift'?"
        ),
        Case(
            name: "unknown enums option", spec: #"{ "options": { "enums": «"opened" }, "endpoints": [] }"#,
            message:
                "unknown enums option 'opened'; expected 'open' (unknown values are kept) or 'closed'; did you mean 'open'?"
        ),
        Case(
            name: "namespace that is no type name",
            spec: #"{ "options": { "namespace": «"my-api" }, "endpoints": [] }"#,
            message: "'options.namespace' must be a Swift type name such as \"Stripe\", found 'my-api'"),
        Case(
            name: "namespace that shadows Swift", spec: #"{ "options": { "namespace": «"Result" }, "endpoints": [] }"#,
            message: "'options.namespace' 'Result' would shadow Swift's 'Result'; choose another name"),
        Case(
            name: "string format on a String",
            spec: #"{ "types": { "T": { "a": { "$type": "String", "$format": «"string" } } }, "endpoints": [] }"#,
            message: "'$format: \"string\"' applies to Int, Int64, Double, Decimal and Bool fields; 'a' is String"),
        Case(
            name: "string format with lenient",
            spec:
                #"{ "types": { "T": { "a": { "$type": "Int", "$lenient": true, "$format": «"string" } } }, "endpoints": [] }"#,
            message:
                "'$format: \"string\"' and '$lenient' cannot be combined; '$lenient' already reads numbers from strings"
        ),
        Case(
            name: "nullable on a required field",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", «"$nullable": true } } }, "endpoints": [] }"#,
            message: "'$nullable' applies to optional fields (absent, null or a value); make 'a' optional"),
        Case(
            name: "nullable with a default",
            spec:
                #"{ "types": { "T": { "a": { "$type": "Int?", "$default": 1, «"$nullable": true } } }, "endpoints": [] }"#,
            message:
                "'$nullable' cannot be combined with '$lenient', '$lossy', '$default', '$format: \"string\"' or arrays and dictionaries of dates"
        ),
        Case(
            name: "nullable on an array of dates",
            spec:
                #"{ "types": { "T": { "a": { "$type": ["Date"], "$optional": true, «"$nullable": true } } }, "endpoints": [] }"#,
            message:
                "'$nullable' cannot be combined with '$lenient', '$lossy', '$default', '$format: \"string\"' or arrays and dictionaries of dates"
        ),
        Case(
            name: "writeNull on a required field",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", «"$writeNull": true } } }, "endpoints": [] }"#,
            message: "'$writeNull' applies to optional fields (nil is written as null); make 'a' optional"),
        Case(
            name: "writeNull with nullable",
            spec:
                #"{ "types": { "T": { "a": { "$type": "Int?", "$nullable": true, «"$writeNull": true } } }, "endpoints": [] }"#,
            message:
                "'$writeNull' cannot be combined with '$nullable' (whose .null is written as null already), '$format: \"string\"' or arrays and dictionaries of dates"
        ),
        Case(
            name: "unclosed quoted key in a path",
            spec:
                #"{ "types": { "T": { "m": { "$dict": "String" } } }, "endpoints": [{ "name": "a", "path": "/a", "response": "T", "domain": { "model": "M", "fields": { "x": "m«[\"k" } } }] }"#,
            message: "unclosed quoted key in path 'm[\"k'; write it as [\"key\"]"),
        Case(
            name: "mapping from an unknown DTO",
            spec:
                #"{ "types": { "Charge": { "card": { "brand": "String" } } }, "endpoints": [], "mappings": [{ "dto": «"Charge.Crad", "model": "C", "fields": { "b": "brand" } }] }"#,
            message: "no object type 'Charge.Crad' to map from; did you mean 'Charge.Card'?"),
        Case(
            name: "mapping without a dto", spec: #"{ "endpoints": [], "mappings": [«{ "model": "C", "fields": {} }] }"#,
            message: "a mapping needs a 'dto': the DTO type it maps from, such as \"Charge.Card\""),
        Case(
            name: "mapping with each",
            spec:
                #"{ "types": { "T": { "x": "Int" } }, "endpoints": [], "mappings": [{ "dto": "T", «"each": "x", "model": "C", "fields": {} }] }"#,
            message: "unknown key 'each' in a mapping; allowed keys are 'dto', 'model', 'kind', 'fields', 'update'"),
        Case(
            name: "discriminator without oneOf",
            spec:
                #"{ "types": { "T": { "a": { "$type": "String", «"$discriminator": "object" } } }, "endpoints": [] }"#,
            message: "'$discriminator' names the key that tells '$oneOf' variants apart; it needs a '$oneOf'"),
        Case(
            name: "tagged variant of any JSON",
            spec:
                #"{ "types": { "T": { "a": { "$oneOf": { "x": «"JSON", "y": { "k": "Int" } }, "$discriminator": "kind" } } }, "endpoints": [] }"#,
            message:
                "the variants of a '$oneOf' with '$discriminator' must be objects, or values of one JSON kind each (a string, a number, a bool, an array); 'x' is JSONValue"
        ),
        Case(
            name: "tagged variants of one kind",
            spec:
                #"{ "types": { "T": { "a": { "$oneOf": { "x": "String", "y": «"String", "z": { "k": "Int" } }, "$discriminator": "kind" } } }, "endpoints": [] }"#,
            message:
                "'y' and 'x' are both strings; in a '$oneOf' with '$discriminator', only objects are told apart by the tag, so one variant of each other JSON kind"
        ),
        Case(
            name: "tagged one-of without an object",
            spec:
                #"{ "types": { "T": { "a": «{ "$oneOf": { "x": "String" }, "$discriminator": "kind" } } }, "endpoints": [] }"#,
            message:
                "a '$oneOf' with '$discriminator' tells objects apart by their tag, and none of its variants is an object; for variants told apart by their JSON, write an array of shapes"
        ),
        Case(
            name: "tags without a discriminator",
            spec: #"{ "types": { "T": { "a": { "$oneOf": { «"x": { "k": "Int" } } } } }, "endpoints": [] }"#,
            message:
                "a '$oneOf' written as an object of tags needs '$discriminator', the key that holds the tag; for variants told apart by their JSON, write an array of shapes"
        ),
        Case(
            name: "date variant",
            spec: #"{ "types": { "T": { "a": { "$oneOf": [«"Date", "Int"] } } }, "endpoints": [] }"#,
            message:
                "a Date cannot be a '$oneOf' variant (its format would be ambiguous); use \"String\" and convert it in a mapping"
        ),
        Case(
            name: "no such variant in a path",
            spec:
                #"{ "types": { "T": { "c": { "$oneOf": ["String", "U"] } }, "U": { "e": "String" } }, "endpoints": [{ "name": "a", "path": "/a", "response": "T", "domain": { "model": "M", "fields": { "x": "c.«usr.e" } } }] }"#,
            message: "no variant 'usr' in T.C; its variants are 'string', 'u'"),
        Case(
            name: "generic with the wrong number of arguments",
            spec:
                #"{ "types": { "Page<T>": { "data": ["T"] }, "U": { "p": «"Page<String, Int>" } }, "endpoints": [] }"#,
            message: "'Page' takes 1 type argument (T), found 2 in 'Page<String, Int>'"),
        Case(
            name: "generic without arguments",
            spec: #"{ "types": { "Page<T>": { "data": ["T"] }, "U": { "p": «"Page" } }, "endpoints": [] }"#,
            message: "'Page' is generic (Page<T>); write it with type arguments, such as \"Page<String>\""),
        Case(
            name: "arguments on a type that is not generic",
            spec: #"{ "types": { "V": { "x": "Int" }, "U": { "p": «"V<Int>" } }, "endpoints": [] }"#,
            message: "'V' is not generic, found 1 in 'V<Int>'"),
        Case(
            name: "unknown generic",
            spec: #"{ "types": { "Page<T>": { "data": ["T"] }, "U": { "p": «"Paeg<Int>" } }, "endpoints": [] }"#,
            message: "unknown generic type 'Paeg'; did you mean 'Page'?"),
        Case(
            name: "date as a generic argument",
            spec: #"{ "types": { "Page<T>": { "data": ["T"] }, "U": { "p": «"Page<Date>" } }, "endpoints": [] }"#,
            message:
                "a Date cannot be a generic argument (generic code would decode it without its format); use a type that holds the Date"
        ),
        Case(
            name: "malformed generic name", spec: #"{ "types": { «"Page<T": { "data": ["T"] } }, "endpoints": [] }"#,
            message:
                "'Page<T' is not a valid generic type name; write it as \"Page<T>\" or \"Pair<A, B>\" (distinct parameter names)"
        ),
        Case(
            name: "generic enum", spec: #"{ "types": { «"E<T>": { "$enum": ["a"] } }, "endpoints": [] }"#,
            message: "'E' cannot be generic: only objects and aliases take type parameters"),
        Case(
            name: "unknown error type",
            spec:
                #"{ "error": «"ApiErorr", "types": { "ApiError": { "m": "String" } }, "endpoints": [{ "name": "a", "path": "/a" }] }"#,
            message: "unknown error type 'ApiErorr'; did you mean 'ApiError'?"),
        Case(
            name: "error type that is no object",
            spec:
                #"{ "types": { "Code": { "$enum": ["a"] } }, "endpoints": [{ "name": "a", "path": "/a", "error": «"Code" }] }"#,
            message:
                "'error' must name an object type, such as { \"code\": \"String\", \"message\": \"String\" }; 'Code' is not one"
        ),
        Case(
            name: "errors that is no object", spec: #"{ "errors": «["E"], "endpoints": [] }"#,
            message:
                "'errors' must be an object of statuses to error types, such as { \"404\": \"NotFound\", \"4XX\": \"ClientError\" }, found an array"
        ),
        Case(
            name: "a success status among errors",
            spec: #"{ "endpoints": [{ "name": "a", "path": "/a", "errors": { «"2XX": "E" } }] }"#,
            message: "'2XX' is not an error status: a 2xx status is a success, whose body is the endpoint's 'response'"),
        Case(
            name: "a status class in lowercase", spec: #"{ "errors": { «"4xx": "E" }, "endpoints": [] }"#,
            message: "'4xx' is not an error status: did you mean '4XX'?"),
        Case(
            name: "a status that is no status", spec: #"{ "errors": { «"600": "E" }, "endpoints": [] }"#,
            message:
                "'600' is not an error status: expected a status code from 100 to 599 such as '404', a class of codes such as '4XX', or 'default'"
        ),
        Case(
            name: "an error type by status that is no string", spec: #"{ "errors": { "404": «1 }, "endpoints": [] }"#,
            message: "the error type of status '404' must be a string, found a number"),
        Case(
            name: "error and a default entry of errors",
            spec:
                #"{ "types": { "E": { "m": "String" } }, "endpoints": [{ "name": "a", "path": "/a", "error": "E", "errors": { «"default": "E" } }] }"#,
            message:
                "'error' (at 1:92) and the 'default' entry of 'errors' both give the type of any other status's body; keep one"
        ),
        Case(
            name: "unknown error type by status",
            spec:
                #"{ "types": { "NotFound": { "m": "String" } }, "endpoints": [{ "name": "a", "path": "/a", "errors": { "404": «"NotFund" } }] }"#,
            message: "unknown error type 'NotFund'; did you mean 'NotFound'?"),
        Case(
            name: "error type by status that is no object",
            spec:
                #"{ "types": { "Code": ["String"] }, "errors": { "5XX": «"Code" }, "endpoints": [{ "name": "a", "path": "/a" }] }"#,
            message:
                "the error type of status '5XX' must name an object type, such as { \"code\": \"String\", \"message\": \"String\" }; 'Code' is not one"
        ),
        Case(
            name: "responses that is no object",
            spec: #"{ "endpoints": [{ "name": "a", "path": "/a", "responses": «["Job"] }] }"#,
            message:
                "'responses' must be an object of success statuses to their bodies, such as { \"200\": \"Job\", \"202\": \"JobTicket\", \"204\": null }, found an array"
        ),
        Case(
            name: "responses without a status",
            spec: #"{ "endpoints": [{ "name": "a", "path": "/a", "responses": «{} }] }"#,
            message:
                "'responses' must be an object of success statuses to their bodies, such as { \"200\": \"Job\", \"202\": \"JobTicket\", \"204\": null }, found an empty object"
        ),
        Case(
            name: "an error status among responses",
            spec: #"{ "endpoints": [{ "name": "a", "path": "/a", "responses": { "200": null, «"404": null } }] }"#,
            message:
                "'404' is not a success status: expected a code from 200 to 299 such as '200' or '202' (other statuses are 'errors')"
        ),
        Case(
            name: "a class of success statuses",
            spec: #"{ "endpoints": [{ "name": "a", "path": "/a", "responses": { «"2XX": null } }] }"#,
            message: "'2XX' is not a success status: give each status its own entry (\"200\", \"202\")"),
        Case(
            name: "response beside responses",
            spec:
                #"{ "types": { "J": { "id": "Int" } }, "endpoints": [{ "name": "a", "path": "/a", "response": «"J", "responses": { "200": "J" } }] }"#,
            message: "'responses' gives the body of each status; remove 'response' (or write it there as \"200\")"),
        Case(
            name: "a HEAD request's response by status with a body",
            spec:
                #"{ "types": { "J": { "id": "Int" } }, "endpoints": [{ "name": "a", "method": "HEAD", "path": "/a", "responses": { «"200": "J" } }] }"#,
            message: "a HEAD request has no response body; write its statuses as null"),
        Case(
            name: "pages of responses by status",
            spec:
                #"{ "types": { "J": { "next": "String?" } }, "endpoints": [{ "name": "a", "path": "/a", "query": { "after": "String?" }, "responses": { "200": "J" }, "paginate": «{ "style": "cursor", "param": "after", "from": "next" } }] }"#,
            message: "'paginate' cannot be combined with 'responses' (at 1:135); give the endpoint one 'response'"),
        Case(
            name: "unknown pagination style",
            spec:
                #"{ "types": { "L": { "data": ["Int"] } }, "endpoints": [{ "name": "a", "path": "/a", "response": "L", "paginate": { "style": «"cursr", "param": "p", "from": "data[-1]" } }] }"#,
            message:
                "unknown pagination style 'cursr'; expected 'cursor', 'next', 'link' or 'page'; did you mean 'cursor'?"),
        Case(
            name: "cursor that is no scalar",
            spec:
                #"{ "types": { "L": { "data": ["Int"], "more": "Bool" } }, "endpoints": [{ "name": "a", "path": "/a", "response": "L", "paginate": { "style": "cursor", "param": "p", "from": «"data", "while": "more" } }] }"#,
            message: "'from' must lead to a String or Int; 'data' is [Int]"),
        Case(
            name: "pagination path typo",
            spec:
                #"{ "types": { "L": { "data": ["Int"], "next_cursor": "String?" } }, "endpoints": [{ "name": "a", "path": "/a", "response": "L", "paginate": { "style": "next", "param": "p", "from": "data[0].«next_curser" } }] }"#,
            message: "'next_curser' cannot be read from Int, which is not an object"),
        Case(
            name: "pagination key suggestion",
            spec:
                #"{ "types": { "L": { "data": ["Int"], "next_cursor": "String?" } }, "endpoints": [{ "name": "a", "path": "/a", "response": "L", "paginate": { "style": "next", "param": "p", "from": "«next_curser" } }] }"#,
            message: "no key 'next_curser' in L; did you mean 'next_cursor'?"),
        Case(
            name: "pagination index",
            spec:
                #"{ "types": { "L": { "data": ["String"] } }, "endpoints": [{ "name": "a", "path": "/a", "response": "L", "paginate": { "style": "cursor", "param": "p", "from": "data«[2]" } }] }"#,
            message: "'[2]' in 'data[2]': pagination paths take [0] (the first element) or [-1] (the last) of an array"),
        Case(
            name: "one mistake, one error",
            spec:
                #"{ "types": { "BookDTO": { "title": "String", "published_at": «"Dat" } }, "endpoints": [{ "name": "book", "path": "/b", "response": "BookDTO", "domain": { "model": "Book", "fields": { "title": "title", "published": "published_at" } } }] }"#,
            message: "unknown type 'Dat'; did you mean 'Date'?"),
        Case(
            name: "one mistake, one error in pagination",
            spec:
                #"{ "types": { "L": { "data": ["Int"], "next": «"Strin?" } }, "endpoints": [{ "name": "a", "path": "/a", "response": "L", "paginate": { "style": "next", "param": "p", "from": "next" } }] }"#,
            message: "unknown type 'Strin'; did you mean 'String'?"),
        Case(
            name: "pagination without a param",
            spec:
                #"{ "types": { "L": { "data": ["Int"] } }, "endpoints": [{ "name": "a", "path": "/a", "response": "L", "paginate": «{ "style": "page", "from": "data" } }] }"#,
            message: "'paginate' with style 'page' needs 'param': the query item the next page sets"),
        Case(
            name: "unknown body encoding",
            spec:
                #"{ "endpoints": [{ "name": "a", "method": "POST", "path": "/a", "bodyEncoding": «"from", "body": { "x": "Int" } }] }"#,
            message:
                "unknown bodyEncoding 'from'; expected 'json', 'form', 'formExploded' or 'multipart'; did you mean 'form'?"
        ),
        Case(
            name: "form without an object body",
            spec:
                #"{ "endpoints": [{ "name": "a", "method": "POST", "path": "/a", "bodyEncoding": «"form", "body": ["Int"] }] }"#,
            message: "'bodyEncoding: form' needs a 'body' that is an object (its fields become form fields)"),
        Case(
            name: "data body without a content type",
            spec: #"{ "endpoints": [{ "name": "a", "method": "PUT", "path": "/a", "body": «"Data" }] }"#,
            message: "a \"Data\" body needs 'contentType', such as \"image/png\""),
        Case(
            name: "content type on a JSON body",
            spec:
                #"{ "endpoints": [{ "name": "a", "method": "PUT", "path": "/a", "body": { "x": "Int" }, "contentType": «"image/png" }] }"#,
            message:
                "'contentType' goes with \"body\": \"Data\", the bytes sent as they are; other bodies are JSON, form or multipart"
        ),
        Case(
            name: "GET with a body",
            spec: #"{ "endpoints": [{ "name": "a", "path": "/a", "body": «{ "x": "Int" } }] }"#,
            message:
                "a GET request cannot have a body (URLSession and most servers drop or reject it); send the values as 'query' items, or use POST"
        ),
        Case(
            name: "HEAD with a body",
            spec: #"{ "endpoints": [{ "name": "a", "path": "/a", "method": "HEAD", "body": «"String" }] }"#,
            message:
                "a HEAD request cannot have a body (URLSession and most servers drop or reject it); send the values as 'query' items, or use POST"
        ),
        Case(
            name: "date format 'timestamp'",
            spec: #"{ "types": { "T": { "d": { "$type": "Date", "$format": «"timestamp" } } }, "endpoints": [] }"#,
            message: "unknown date format 'timestamp'; did you mean 'secondsSince1970'?"),
        Case(
            name: "date format 'unixtime'", spec: #"{ "options": { "dates": «"unixtime" }, "endpoints": [] }"#,
            message: "unknown date format 'unixtime'; did you mean 'secondsSince1970'?"),
        Case(
            name: "date format 'epoch'", spec: #"{ "options": { "dates": «"epoch" }, "endpoints": [] }"#,
            message: "unknown date format 'epoch'; did you mean 'secondsSince1970'?"),
        Case(
            name: "date format 'seconds'", spec: #"{ "options": { "dates": «"seconds" }, "endpoints": [] }"#,
            message: "unknown date format 'seconds'; did you mean 'secondsSince1970'?"),
        Case(
            name: "date format 'date-time'", spec: #"{ "options": { "dates": «"date-time" }, "endpoints": [] }"#,
            message: "unknown date format 'date-time'; did you mean 'iso8601'?"),
        Case(
            name: "pattern with a letter that is no pattern letter",
            spec: #"{ "options": { "dates": «"yyyy-MM-ddThh:mm" }, "endpoints": [] }"#,
            message:
                "unknown date format 'yyyy-MM-ddThh:mm': 'T' is not a date pattern letter (quote literal text: 'T'); expected 'iso8601', 'iso8601-fractional', 'secondsSince1970', 'millisecondsSince1970' or a DateFormatter pattern such as 'yyyy-MM-dd'"
        ),
        Case(
            name: "pattern with the week-based year",
            spec: #"{ "options": { "dates": «"YYYY-MM-dd" }, "endpoints": [] }"#,
            message:
                "'Y' in date pattern 'YYYY-MM-dd' is the week-based year, which differs from the calendar year around New Year; write 'yyyy-MM-dd'"
        ),
        Case(
            name: "pattern with the day of the year",
            spec: #"{ "options": { "dates": «"yyyy-MM-DD" }, "endpoints": [] }"#,
            message:
                "'D' in date pattern 'yyyy-MM-DD' is the day of the year; for the day of the month write 'yyyy-MM-dd'"),
        Case(
            name: "pattern with an unclosed quote",
            spec: #"{ "options": { "dates": «"yyyy-MM-dd'T" }, "endpoints": [] }"#,
            message: "date pattern 'yyyy-MM-dd'T' has an unclosed quote"),
        Case(
            name: "base URL without scheme", spec: #"{ "baseURL": «"api.example.com", "endpoints": [] }"#,
            message:
                "'baseURL' must be an absolute http or https URL such as \"https://api.example.com/v1\", found 'api.example.com'"
        ),
        Case(
            name: "name not an identifier", spec: #"{ "name": «"my api", "endpoints": [] }"#,
            message: "'name' must be a PascalCase identifier such as \"Quakes\", found 'my api'"),
        Case(
            name: "name wrong JSON type", spec: #"{ "name": «3, "endpoints": [] }"#,
            message: "'name' must be a string, found a number"),

        // Shapes and types
        Case(
            name: "unknown type", spec: #"{ "types": { "T": { "a": «"Strng" } }, "endpoints": [] }"#,
            message: "unknown type 'Strng'; did you mean 'String'?"),
        Case(
            name: "unknown type name from types",
            spec: #"{ "types": { "Feature": { "a": "Int" }, "T": { "f": «"Featur?" } }, "endpoints": [] }"#,
            message: "unknown type 'Featur'; did you mean 'Feature'?"),
        Case(
            name: "array written as string", spec: #"{ "types": { "T": { "a": «"[Int]" } }, "endpoints": [] }"#,
            message:
                "unknown type '[Int]'; did you mean [\"Int\"]? (an array is written as a JSON array of its element)"),
        Case(
            name: "array of a spec type written as string",
            spec: #"{ "types": { "Todo": { "a": "Int" }, "T": { "a": «"[Todo]" } }, "endpoints": [] }"#,
            message:
                "unknown type '[Todo]'; did you mean [\"Todo\"]? (an array is written as a JSON array of its element)"),
        Case(
            name: "dictionary written as string",
            spec: #"{ "types": { "Todo": { "a": "Int" }, "T": { "a": «"[String: Todo]" } }, "endpoints": [] }"#,
            message:
                "unknown type '[String: Todo]'; did you mean { \"$dict\": \"Todo\" }? (a dictionary is written with '$dict')"
        ),
        Case(
            name: "array with two elements",
            spec: #"{ "types": { "T": { "a": «["Int", "String"] } }, "endpoints": [] }"#,
            message: "an array shape must have exactly one element (the element's shape), found 2"),
        Case(
            name: "empty array shape", spec: #"{ "types": { "T": { "a": «[] } }, "endpoints": [] }"#,
            message: "an array shape must have exactly one element (the element's shape), found 0"),
        Case(
            name: "number as shape", spec: #"{ "types": { "T": { "a": «5 } }, "endpoints": [] }"#,
            message: "a shape must be a type name (string), an array of one shape, or an object, found a number"),
        Case(
            name: "misspelled modifier",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", «"$optinal": true } } }, "endpoints": [] }"#,
            message: "unknown modifier '$optinal'; did you mean '$optional'?"),
        Case(
            name: "modifier wrong JSON type",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", "$optional": «"yes" } } }, "endpoints": [] }"#,
            message: "'$optional' must be true or false, found a string"),
        Case(
            name: "empty enum", spec: #"{ "types": { "T": { "a": { "$enum": «[] } } }, "endpoints": [] }"#,
            message: "'$enum' needs at least one value"),
        Case(
            name: "enum with a number",
            spec: #"{ "types": { "T": { "a": { "$enum": ["x", «1] } } }, "endpoints": [] }"#,
            message: "each '$enum' value must be a string, found a number"),
        Case(
            name: "duplicate enum value",
            spec: #"{ "types": { "T": { "a": { "$enum": ["x", «"x"] } } }, "endpoints": [] }"#,
            message: "duplicate enum value 'x'"),
        Case(
            name: "enum not an array", spec: #"{ "types": { "T": { "a": { "$enum": «"x" } } }, "endpoints": [] }"#,
            message: "'$enum' must be an array of strings, found a string"),
        Case(
            name: "unknown outside enum",
            spec: #"{ "types": { "T": { "a": { "$type": "String", «"$unknown": "other" } } }, "endpoints": [] }"#,
            message: "'$unknown' is only allowed next to '$enum' or '$oneOf'"),
        Case(
            name: "lossy on a scalar",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", «"$lossy": true } } }, "endpoints": [] }"#,
            message: "'$lossy' applies to arrays; 'a' is Int"),
        Case(
            name: "format on a string",
            spec: #"{ "types": { "T": { "a": { "$type": "String", "$format": «"yyyy" } } }, "endpoints": [] }"#,
            message: "'$format' applies to Date fields; 'a' is String"),
        Case(
            name: "default of wrong type",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", "$default": «"zero" } } }, "endpoints": [] }"#,
            message: "'$default' of 'a' must be an integer to match Int, found a string"),
        Case(
            name: "default not an enum value",
            spec: #"{ "types": { "T": { "a": { "$enum": ["low", "high"], "$default": «"hihg" } } }, "endpoints": [] }"#,
            message: "'hihg' is not one of the enum's values ('low', 'high'); did you mean 'high'?"),
        Case(
            name: "default on an object",
            spec: #"{ "types": { "T": { "a": { "$type": { "x": "Int" }, "$default": «{} } } }, "endpoints": [] }"#,
            message: "a default value is not supported for an object type; make the field optional instead"),
        Case(
            name: "default date in wrong format",
            spec: #"{ "types": { "T": { "a": { "$type": "Date", "$default": «12 } } }, "endpoints": [] }"#,
            message: "a default date must be written in the field's format (an ISO 8601 string)"),
        Case(
            name: "lenient object without default",
            spec: #"{ "types": { "T": { "a": «{ "$type": { "x": "Int" }, "$lenient": true } } }, "endpoints": [] }"#,
            message: "'$lenient' field 'a' of type T.A has no empty value; give it a '$default' or make it optional"),
        Case(
            name: "name on a type", spec: #"{ "types": { "T": { «"$name": "x", "a": "Int" } }, "endpoints": [] }"#,
            message: "'$name' names a property or argument; it is not allowed here"),
        Case(
            name: "label on a field",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", «"$label": "x" } } }, "endpoints": [] }"#,
            message: "'$label' is only allowed on path parameters, query items, headers and cookies"),
        Case(
            name: "readOnly on a query item",
            spec:
                #"{ "endpoints": [{ "name": "x", "path": "/x", "query": { "q": { "$type": "String", «"$readOnly": true } } }] }"#,
            message: "'$readOnly' says how a property of an object is encoded; it is only allowed on properties"),
        Case(
            name: "writeNull on a type",
            spec: #"{ "types": { "T": { «"$writeNull": true, "a": "Int" } }, "endpoints": [] }"#,
            message: "'$writeNull' says how a property of an object is encoded; it is only allowed on properties"),
        Case(
            name: "additionalProperties on a reference",
            spec:
                #"{ "types": { "T": { "a": { "$type": "Int", «"$additionalProperties": "Int" } } }, "endpoints": [] }"#,
            message:
                "'$additionalProperties' keeps the keys an object does not declare; it is only allowed on an object shape with properties (for any keys, write { \"$dict\": <shape> })"
        ),
        Case(
            name: "additionalProperties with a default",
            spec:
                #"{ "types": { "T": { "a": "Int", "$additionalProperties": { "$type": "Int", "$default": «1 } } }, "endpoints": [] }"#,
            message:
                "'$default' is not allowed in '$additionalProperties', which takes the values' shape, '$name' and '$doc'"
        ),
        Case(
            name: "additionalProperties of dates",
            spec: #"{ "types": { "T": { "a": "Int", "$additionalProperties": «"Date" } }, "endpoints": [] }"#,
            message:
                "dates cannot be additional properties (no field says their format); declare the keys, or use String"),
        Case(
            name: "additionalProperties named badly",
            spec:
                #"{ "types": { "T": { "a": "Int", "$additionalProperties": { "$type": "Int", "$name": «"self" } } }, "endpoints": [] }"#,
            message: "'$name' 'self' of '$additionalProperties' is not a valid Swift property name"),
        Case(
            name: "bodyStyles without a form body",
            spec:
                #"{ "endpoints": [{ "name": "x", "method": "POST", "path": "/x", "body": { "tags": ["String"] }, "bodyStyles": { «"tags": { "$style": "form", "$explode": false } } }] }"#,
            message:
                "'bodyStyles' says how the fields of a form body are written; it needs 'bodyEncoding: form' or 'formExploded'"
        ),
        Case(
            name: "bodyStyles naming no field",
            spec:
                #"{ "endpoints": [{ "name": "x", "method": "POST", "path": "/x", "body": { "tags": ["String"] }, "bodyEncoding": "form", "bodyStyles": { «"tag": { "$style": "pipeDelimited" } } }] }"#,
            message: "'bodyStyles' names 'tag', which is not a field of the body; did you mean 'tags'?"),
        Case(
            name: "bodyStyles on an array of objects",
            spec:
                #"{ "endpoints": [{ "name": "x", "method": "POST", "path": "/x", "body": { "tags": [{ "a": "Int" }] }, "bodyEncoding": "form", "bodyStyles": { «"tags": { "$style": "pipeDelimited" } } }] }"#,
            message: "'bodyStyles' writes an array of scalars as one value; 'tags' is [XBody.Tag]"),
        Case(
            name: "bodyStyles exploded",
            spec:
                #"{ "endpoints": [{ "name": "x", "method": "POST", "path": "/x", "body": { "tags": ["String"] }, "bodyEncoding": "form", "bodyStyles": { "tags": { "$style": «"form" } } }] }"#,
            message:
                "a form body field in 'bodyStyles' is 'form' with '$explode: false' (a,b), 'spaceDelimited' or 'pipeDelimited'; an exploded array is what 'bodyEncoding: formExploded' writes"
        ),
        Case(
            name: "$name not an identifier",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", "$name": «"a b" } } }, "endpoints": [] }"#,
            message: "'$name' 'a b' is not a valid Swift identifier"),
        Case(
            name: "redefined built-in", spec: #"{ "types": { «"String": { "a": "Int" } }, "endpoints": [] }"#,
            message: "'String' is a built-in type and cannot be redefined in 'types'"),
        Case(
            name: "type name not an identifier", spec: #"{ "types": { «"my-type": { "a": "Int" } }, "endpoints": [] }"#,
            message:
                "type name 'my-type' is not a valid Swift type name; use letters, digits and '_', starting with a letter"
        ),
        Case(
            name: "alias cycle", spec: #"{ "types": { «"A": "B", "B": "A" }, "endpoints": [] }"#,
            message: "type 'A' is defined in terms of itself"),
        Case(
            name: "struct contains itself", spec: #"{ "types": { "Node": { «"next": "Node" } }, "endpoints": [] }"#,
            message:
                "'next' makes 'Node' contain itself (through 'next'), which no JSON value can end; make 'next' optional (\"Node?\") or an array"
        ),
        Case(
            name: "two structs contain each other",
            spec: #"{ "types": { "A": { "b": "B" }, "B": { «"a": "A" } }, "endpoints": [] }"#,
            message:
                "'a' makes 'B' contain itself (through 'b', 'a'), which no JSON value can end; make 'a' optional (\"A?\") or an array"
        ),
        Case(
            name: "optional named type",
            spec: #"{ "types": { "T": { "$optional": true, "a": "Int" } }, "endpoints": [] }"#.replacingOccurrences(
                of: #""$optional""#, with: #"«"$optional""#),
            message: "a type in 'types' cannot be optional; make the field that uses it optional instead"),

        // Endpoints
        Case(
            name: "endpoint without name", spec: #"{ "endpoints": [«{ "path": "/x" }] }"#,
            message: "an endpoint needs a 'name'"),
        Case(
            name: "endpoint without path", spec: #"{ "endpoints": [«{ "name": "x" }] }"#,
            message: "endpoint 'x' needs a 'path'"),
        Case(
            name: "misspelled endpoint key",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/x", «"respons": "Int" }] }"#,
            message: "unknown key 'respons' in an endpoint; did you mean 'response'?"),
        Case(
            name: "bad method", spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "method": «"FETCH" }] }"#,
            message: "unknown method 'FETCH'; expected 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD' or 'OPTIONS'"),
        Case(
            name: "lowercase method", spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "method": «"post" }] }"#,
            message:
                "unknown method 'post'; expected 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD' or 'OPTIONS'; did you mean 'POST'?"
        ),
        Case(
            name: "endpoint name not an identifier", spec: #"{ "endpoints": [{ "name": «"get-user", "path": "/x" }] }"#,
            message:
                "endpoint name 'get-user' is not a valid Swift function name; use lowerCamelCase such as \"searchItems\""
        ),
        Case(
            name: "duplicate endpoint",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/x" }, { "name": «"x", "path": "/y" }] }"#,
            message: "duplicate endpoint name 'x' (first at 1:27)"),
        Case(
            name: "param not in path",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/users/{id}", "params": { «"ids": "Int" } }] }"#,
            message: "path parameter 'ids' does not appear in the path '/users/{id}'; did you mean 'id'?"),
        Case(
            name: "unclosed placeholder", spec: #"{ "endpoints": [{ "name": "x", "path": "/users/«{id" }] }"#,
            message: "unclosed '{' in path; write a path parameter as {name}"),
        Case(
            name: "empty placeholder", spec: #"{ "endpoints": [{ "name": "x", "path": "/users/«{}" }] }"#,
            message: "empty path parameter '{}'"),
        Case(
            name: "path with host", spec: #"{ "endpoints": [{ "name": "x", "path": «"https://evil.example/x" }] }"#,
            message: "'path' is relative to the base URL; it cannot name a scheme or host"),
        Case(
            name: "bad kind", spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "kind": «"privat" }] }"#,
            message: "unknown endpoint kind 'privat'; did you mean 'private'?"),
        Case(
            name: "bearer kind", spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "kind": «"bearer" }] }"#,
            message:
                "unknown endpoint kind 'bearer'; an endpoint that sends a bearer token is 'private' (or 'refreshing', with a token provider)"
        ),
        Case(
            name: "HEAD with response",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "method": "HEAD", "response": «"Int" }] }"#,
            message: "a HEAD request has no response body; remove 'response'"),

        // Envelopes
        Case(
            name: "envelope without data", spec: #"{ "envelope": «{ "success": "ok" }, "endpoints": [] }"#,
            message: "an envelope needs 'data': the key of the payload"),
        Case(
            name: "misspelled envelope key", spec: #"{ "envelope": { "data": "d", «"mesage": "m" }, "endpoints": [] }"#,
            message: "unknown key 'mesage' in the envelope; did you mean 'message'?"),
        Case(
            name: "success rule without equals",
            spec: #"{ "envelope": { "data": "d", "success": «{ "key": "code" } }, "endpoints": [] }"#,
            message: "'success' needs 'equals': the JSON value that means success"),
        Case(
            name: "envelope path not an array",
            spec: #"{ "envelope": { "data": "d", "path": «"a.b" }, "endpoints": [] }"#,
            message: "the envelope's 'path' must be an array of key names, found a string"),

        // Domain mappings
        Case(
            name: "domain without model",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": «{ "fields": {} } }] }"#,
            message: "'domain' needs a 'model': the name of your domain type"),
        Case(
            name: "domain without fields",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": «{ "model": "M" } }] }"#,
            message:
                "'domain' needs 'fields': the arguments of M's init and where each comes from; no other mapping of M from T (an endpoint's domain or a 'mappings' entry) is there to reuse"
        ),
        Case(
            name: "domain without response",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "domain": «{ "model": "M", "fields": {} } }] }"#,
            message: "'domain' needs the endpoint to have a 'response' to map from"),
        Case(
            name: "mapping path with unknown key",
            spec:
                #"{ "types": { "T": { "properties": { "mag": "Double" } } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": "properties.«magg" } } }] }"#,
            message: "no key 'magg' in T.Properties; did you mean 'mag'?"),
        Case(
            name: "index on a non-array",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": "a«[0]" } } }] }"#,
            message: "[0] needs an array, but 'a' is Int"),
        Case(
            name: "bad index",
            spec:
                #"{ "types": { "T": { "a": ["Int"] } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": "a«[x]" } } }] }"#,
            message: "invalid index in path 'a[x]'; write an element as \"list[0]\""),
        Case(
            name: "key on a scalar",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": "a.«b" } } }] }"#,
            message: "'b' cannot be read from 'a', which is Int, not an object"),
        Case(
            name: "unknown conversion",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": { "from": "a", "convert": «"secondsSince1907" } } } }] }"#,
            message: "unknown conversion 'secondsSince1907'; did you mean 'secondsSince1970'?"),
        Case(
            name: "conversion of the wrong type",
            spec:
                #"{ "types": { "T": { "a": "Bool" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": { "from": "a", "convert": «"url" } } } }] }"#,
            message: "cannot convert Bool with 'url'"),
        Case(
            name: "model conversion without mapping",
            spec:
                #"{ "types": { "T": { "a": { "b": "Int" } } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": { "from": "a", "convert": «"model:N" } } } }] }"#,
            message:
                "no domain mapping builds 'N' from T.A; add a 'domain' for it (a 'domain' may be an array of mappings, with 'each' pointing at this object)"
        ),
        Case(
            name: "each not an array",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "each": «"a", "fields": {} } }] }"#,
            message: "'each' must lead to an array of objects; 'a' is Int"),
        Case(
            name: "default of wrong type in mapping",
            spec:
                #"{ "types": { "T": { "a": "Int?" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": { "from": "a", "default": «"none" } } } }] }"#,
            message: "'default' must be an integer to match Int, found a string"),
        Case(
            name: "bad domain kind",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "kind": «"clas", "fields": {} } }] }"#,
            message: "unknown domain kind 'clas'; expected 'struct' or 'class'; did you mean 'class'?"),
        Case(
            name: "source with two forms",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": «{ "from": "a", "value": 1 } } } }] }"#,
            message: "a field source takes exactly one of 'from', 'value' and 'swift'"),
        Case(
            name: "source of wrong JSON type",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": «3 } } }] }"#,
            message: "a field source must be a path string or an object with 'from', 'value' or 'swift', found a number"
        ),
        Case(
            name: "model not an identifier",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": «"my model", "fields": {} } }] }"#,
            message: "'model' must be the name of your domain type, such as \"Quake\", found 'my model'"),

        // Endpoint arguments
        Case(
            name: "object with a date as query item",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "query": { "filter": «{ "a": "Date" } } }] }"#,
            message:
                "query item 'filter' must be a scalar, an enum, a Date, or an array of those; a query item may also be an object, a dictionary or an array of objects without dates; found XFilter; any other value can be sent as its JSON text with '$style: \"json\"'"
        ),
        Case(
            name: "object as header",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "headers": { "X-Filter": «{ "a": "Int" } } }] }"#,
            message:
                "header 'X-Filter' must be a scalar, an enum, a Date, or an array of those; found XxFilter; any other value can be sent as its JSON text with '$style: \"json\"'"
        ),
        Case(
            name: "JSON as path parameter",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/u/{id}", "params": { "id": «"JSON" } }] }"#,
            message: "path parameter 'id' must be a scalar, an enum, a Date, or an array of those; found JSONValue"),
        Case(
            name: "JSON text in a path",
            spec:
                #"{ "endpoints": [{ "name": "x", "path": "/u/{id}", "params": { "id": { "$type": "Int", "$style": «"json" } } }] }"#,
            message: "a path parameter is written in the 'simple', 'label', 'matrix' styles; 'id' cannot be 'json'"),
        Case(
            name: "JSON text of a date",
            spec:
                #"{ "endpoints": [{ "name": "x", "path": "/u", "query": { "d": «{ "$type": "Date", "$style": "json" } } }] }"#,
            message: "query item 'd' is sent as JSON text; send a date or a file in the default style, found Date"),
        Case(
            name: "reserved characters in a header",
            spec:
                #"{ "endpoints": [{ "name": "x", "path": "/u", "headers": { "X-A": { "$type": "String", «"$allowReserved": true } } }] }"#,
            message: "'$allowReserved' applies to query items; a header 'X-A' is escaped as its place requires"),
        Case(
            name: "optional path parameter",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/u/{id}", "params": { "id": «"Int?" } }] }"#,
            message: "path parameter 'id' cannot be optional: the path needs a value"),
        Case(
            name: "query style on a path parameter",
            spec:
                #"{ "endpoints": [{ "name": "x", "path": "/u/{id}", "params": { "id": { "$type": ["Int"], "$style": «"form" } } }] }"#,
            message: "a path parameter is written in the 'simple', 'label', 'matrix' styles; 'id' cannot be 'form'"),
        Case(
            name: "deepObject for a scalar",
            spec:
                #"{ "endpoints": [{ "name": "x", "path": "/u", "query": { "id": { "$type": "Int", "$style": «"deepObject" } } }] }"#,
            message:
                "'deepObject' writes an object's fields (`id[field]=value`) or an array's elements (`id[]=value`, Stripe's `expand[]`); 'id' is Int"
        ),
        Case(
            name: "style on a field",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", «"$style": "form" } } }, "endpoints": [] }"#,
            message:
                "'$style' says how a path parameter, query item, header or cookie is written; it is only allowed there"),
        Case(
            name: "cookie name",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/u", "cookies": { «"a b": "String" } }] }"#,
            message: "'a b' is not a valid cookie name"),
        Case(
            name: "array of dates in a path",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/u/{d}", "params": { "d": «["Date"] } }] }"#,
            message: "path parameter 'd' cannot be an array of dates; send them as strings"),
        Case(
            name: "constant path parameter",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/u/{id}", "params": { "id": { «"$value": "1" } } }] }"#,
            message: "'$value' applies to query items and headers; a path parameter is an argument of the factory"),
        Case(
            name: "constant field", spec: #"{ "types": { "T": { "a": { «"$value": "1" } } }, "endpoints": [] }"#,
            message: "'$value' is a query item or header sent as it is on every request; it is only allowed there"),
        Case(
            name: "constant object",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "query": { "q": { "$value": «{} } } }] }"#,
            message: "'$value' must be a string, a number or a boolean (it is sent as text), found an object"),
        Case(
            name: "constant with a default",
            spec:
                #"{ "endpoints": [{ "name": "x", "path": "/x", "query": { "q": { «"$value": "a", "$default": "b" } } }] }"#,
            message:
                "'$value' is sent as it is on every request; query item 'q' takes no '$default', '$label', '$name', '$format' or '?' with it"
        ),
        Case(
            name: "kind without a place", spec: #"{ "kinds": { "Key": { "apiKey": «{} } }, "endpoints": [] }"#,
            message: "'apiKey' names one place: { \"header\": \"X-API-Key\" } or { \"query\": \"api_key\" }"),
        Case(
            name: "kind named like a type",
            spec:
                #"{ "kinds": { «"Pet": { "apiKey": { "header": "K" } } }, "types": { "Pet": { "id": "Int" } }, "endpoints": [] }"#,
            message: "kind 'Pet' has the name of a type; kinds and types share the module's names"),
        Case(
            name: "lowercase kind", spec: #"{ "kinds": { «"key": { "apiKey": { "header": "K" } } }, "endpoints": [] }"#,
            message:
                "kind name 'key' must be a Swift type name starting with an uppercase letter, such as \"APIKeyAuth\""),
        Case(
            name: "kind named like the runtime's",
            spec: #"{ "kinds": { «"APIKey": { "apiKey": { "header": "K" } } }, "endpoints": [] }"#,
            message: "kind 'APIKey' has the name of a DTORuntime type; choose another, such as 'APIKeyAuth'"),
        Case(
            name: "invalid header name",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "headers": { «"Bad Header": "String" } }] }"#,
            message: "'Bad Header' is not a valid HTTP header name"),
        Case(
            name: "invalid label",
            spec:
                #"{ "endpoints": [{ "name": "x", "path": "/x", "query": { "q": { "$type": "String", "$label": «"for me" } } }] }"#,
            message: "'$label' must be an identifier or \"_\", found 'for me'"),
        Case(
            name: "lenient query item",
            spec:
                #"{ "endpoints": [{ "name": "x", "path": "/x", "query": { "q": «{ "$type": "String", "$lenient": true } } }] }"#,
            message: "'$lenient' applies to response fields, not to query items"),
        Case(
            name: "reserved endpoint name", spec: #"{ "endpoints": [{ "name": «"init", "path": "/x" }] }"#,
            message:
                "endpoint name 'init' is not a valid Swift function name; use lowerCamelCase such as \"searchItems\""),
        Case(
            name: "query default of wrong type",
            spec:
                #"{ "endpoints": [{ "name": "x", "path": "/x", "query": { "page": { "$type": "Int", "$default": «"1" } } }] }"#,
            message: "'$default' of 'page' must be an integer to match Int, found a string"),

        // Streams
        Case(
            name: "unknown stream style",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "stream": «"SSE" }] }"#,
            message:
                "unknown stream style 'SSE'; expected 'sse' (server-sent events) or 'jsonl' (JSON Lines); did you mean 'sse'?"
        ),
        Case(
            name: "stream without response",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "stream": «"sse" }] }"#,
            message: "a stream endpoint needs a 'response': the type of one event"),
        Case(
            name: "end without stream",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "end": «"[DONE]" }] }"#,
            message: "'end' applies to a stream of server-sent events; add \"stream\": \"sse\""),
        Case(
            name: "end on JSON Lines",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "stream": "jsonl", "events": «"named" }] }"#,
            message: "'events' applies to server-sent events (\"stream\": \"sse\"), not to JSON Lines"),
        Case(
            name: "paged stream",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "stream": "sse", "paginate": «{ "style": "link" } }] }"#,
            message: "a stream is not paged; remove 'paginate'"),
        Case(
            name: "stream with an envelope",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "stream": "sse", "envelope": «{ "data": "d" } }] }"#,
            message: "a stream's events are decoded one by one as 'response'; remove 'envelope'"),
        Case(
            name: "stream of Data",
            spec: #"{ "endpoints": [{ "name": "x", "path": "/x", "response": «"Data", "stream": "sse" }] }"#,
            message: "a stream's events are JSON values or text; 'response' cannot be Data"),
        Case(
            name: "unknown events style",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "stream": "sse", "events": «"name" }] }"#,
            message:
                "unknown events style 'name'; expected 'data' (each event's data is the response) or 'named' (each event is {\"event\": name, \"data\": data}); did you mean 'named'?"
        ),
        Case(
            name: "empty end",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "stream": "sse", "end": «"" }] }"#,
            message: "'end' must not be empty"),

        // Limits and more shapes
        Case(
            name: "number out of range",
            spec: #"{ "types": { "T": { "a": { "$type": "Double", "$default": «1e999 } } }, "endpoints": [] }"#,
            message: "'$default' of 'a' must be a number in range to match Double, found a number"),
        Case(
            name: "null default",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", "$default": «null } } }, "endpoints": [] }"#,
            message: "'$default' is null; leave it out and make the field optional instead"),
        Case(
            name: "too deeply nested objects",
            spec: "{ \"types\": { \"T\": " + String(repeating: "{ \"a\": ", count: 64) + "«{ \"b\": \"Int\" }"
                + String(repeating: " }", count: 64) + " }, \"endpoints\": [] }",
            message: "objects are nested more than 64 levels deep here; declare inner objects in 'types'"),
        Case(
            name: "typeName not an identifier",
            spec: #"{ "types": { "T": { "a": { "$typeName": «"my type", "b": "Int" } } }, "endpoints": [] }"#,
            message: "'$typeName' 'my type' is not a valid Swift type name"),
        Case(
            name: "typeName on a scalar",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", "$typeName": «"X" } } }, "endpoints": [] }"#,
            message: "'$typeName' names an inline object or enum; this shape declares no type"),
        Case(
            name: "unknown case not an identifier",
            spec: #"{ "types": { "T": { "a": { "$enum": ["x"], "$unknown": «"not known" } } }, "endpoints": [] }"#,
            message: "'$unknown' must be a case name such as \"unknown\", found 'not known'"),
        Case(
            name: "two special keys",
            spec: #"{ "types": { "T": { "a": { "$type": "Int", «"$enum": ["x"] } } }, "endpoints": [] }"#,
            message: "'$enum' cannot be combined with '$type'"),

        // More mappings
        Case(
            name: "duplicate mapping of a model",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "a": "a" } } }, { "name": "y", "path": "/y", "response": "T", "domain": { "model": «"M", "fields": { "a": "a" } } }] }"#,
            message: "'M' is already mapped from T (at spec.json:1:118); leave out 'fields' here to reuse that mapping"),
        Case(
            name: "each path with unknown key",
            spec:
                #"{ "types": { "T": { "items": [{ "a": "Int" }] } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "each": "«itms", "fields": {} } }] }"#,
            message: "no key 'itms' in T; did you mean 'items'?"),
        Case(
            name: "rawValue of a Bool",
            spec:
                #"{ "types": { "T": { "a": "Bool" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": { "from": "a", "convert": «"rawValue:Kind" } } } }] }"#,
            message: "cannot convert Bool with 'rawValue:Kind'"),
        Case(
            name: "model conversion without type",
            spec:
                #"{ "types": { "T": { "a": { "b": "Int" } } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": { "from": "a", "convert": «"model:" } } } }] }"#,
            message: "'model:' needs a type name, such as 'model:Status'"),
        Case(
            name: "misspelled source key",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { "m": { "from": "a", «"defualt": 1 } } } }] }"#,
            message: "unknown key 'defualt' in a field source; did you mean 'default'?"),
        Case(
            name: "misspelled domain key",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": {}, «"kindd": "class" } }] }"#,
            message: "unknown key 'kindd' in 'domain'; did you mean 'kind'?"),
        Case(
            name: "invalid argument label in mapping",
            spec:
                #"{ "types": { "T": { "a": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "T", "domain": { "model": "M", "fields": { «"first name": "a" } } }] }"#,
            message: "'first name' is not a valid argument label of M's init"),
    ]

    @Test(arguments: cases)
    func reportedAtTheMarkedToken(_ testCase: Case) throws {
        let (text, location) = marked(testCase.spec)
        let result = generate(text)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(result.files.isEmpty, "nothing is generated when a spec has an error")
        #expect(errors.count == 1, "\(result.diagnostics)")
        let error = try #require(errors.first)
        #expect(error.location == location, "\(error)")
        #expect(error.message == testCase.message)
        #expect(error.file == "spec.json")
    }

    @Test func allErrorsOfARunAreReportedSortedByFileAndPosition() {
        let bad1 = #"{ "types": { "T": { "a": "Strng", "b": "Intt" } }, "endpoints": [] }"#
        let bad2 = "{ \"endpoints\": [1, ] }"
        let good = #"{ "endpoints": [] }"#
        let result = generate([("b.json", bad1), ("a.json", bad2), ("c.json", good)])
        #expect(result.files.isEmpty)
        #expect(
            result.diagnostics.map(\.description) == [
                "a.json:1:20: error: trailing comma before ']' [DTG4012]",
                "b.json:1:26: error: unknown type 'Strng'; did you mean 'String'? [DTG3106]",
                "b.json:1:40: error: unknown type 'Intt'; did you mean 'Int'? [DTG3106]",
            ])
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let depth = 200_000
        let text =
            #"{ "endpoints": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        let result = generate(text)
        #expect(result.diagnostics.first?.message == "nesting is deeper than 512 levels")
    }

    @Test func byteOrderMarkIsAccepted() {
        let result = Generator.generate([
            SpecInput(path: "bom.json", bytes: [0xEF, 0xBB, 0xBF] + Array(#"{ "endpoints": [] }"#.utf8))
        ])
        #expect(!result.hasErrors)
    }

    @Test func warningsDoNotStopGeneration() {
        let result = generate(#"{ "types": { "T": { "user_id": "Int", "userId": "Int" } }, "endpoints": [] }"#)
        #expect(!result.hasErrors)
        #expect(
            result.diagnostics.map(\.description) == [
                "spec.json:1:39: warning: keys 'user_id' and 'userId' both give the Swift name 'userID'; 'userId' is generated as 'userID2' (set '$name' to choose) [DTG3093]"
            ])
        #expect(!result.files.isEmpty)
    }

    /// A path parameter written as other tools write it is literal text: a warning says how to
    /// write it, at the segment.
    @Test func pathParametersInOtherStylesAreAWarning() {
        let result = generate(
            #"{ "endpoints": [{ "name": "todo", "path": "/todos/:id/tags/<tag>/all" }] }"#)
        #expect(!result.hasErrors)
        #expect(
            result.diagnostics.map(\.description) == [
                "spec.json:1:51: warning: ':id' is literal text in a path; write a path parameter as {id} [DTG2028]",
                "spec.json:1:60: warning: '<tag>' is literal text in a path; write a path parameter as {tag} [DTG2028]",
            ])
    }

    /// A key named like the property that keeps the others: the property yields, with a warning.
    @Test func additionalPropertiesYieldToAKeyOfTheirName() {
        let result = generate(
            #"{ "types": { "T": { "additional_properties": "Int", "$additionalProperties": "Int" } }, "endpoints": [] }"#
        )
        #expect(!result.hasErrors)
        #expect(
            result.diagnostics.map(\.description) == [
                "spec.json:1:53: warning: key 'additional_properties' and '$additionalProperties' both give the Swift name 'additionalProperties'; '$additionalProperties' is generated as 'additionalProperties2' (set its '$name' to choose) [DTG3142]"
            ])
        let dtos = result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents ?? ""
        #expect(dtos.contains("let additionalProperties2: [String: Int]"))
    }

    @Test func unusedTypeIsAWarning() {
        let result = generate(
            #"{ "types": { "Used": { "a": "Int" }, "Unused": { "b": "Int" } }, "endpoints": [{ "name": "x", "path": "/x", "response": "Used" }] }"#
        )
        #expect(!result.hasErrors)
        #expect(
            result.diagnostics.map(\.description) == [
                "spec.json:1:38: warning: type 'Unused' is not used by any endpoint; it is still generated [DTG3127]"
            ])
        // Hundreds (an imported document's events and webhooks) are one warning, at the first.
        let many = (1...12).map { #""U\#($0)": { "b": "Int" }"# }.joined(separator: ", ")
        let imported = generate(
            #"{ "types": { "Used": { "a": "Int" }, "# + many
                + #" }, "endpoints": [{ "name": "x", "path": "/x", "response": "Used" }] }"#)
        #expect(
            imported.diagnostics.map(\.description) == [
                "spec.json:1:38: warning: 12 types are not used by any endpoint ('U1', 'U2', 'U3', 'U4', 'U5', ...); they are still generated [DTG3128]"
            ])
    }

    @Test func defaultOnOptionalIsAWarning() {
        let result = generate(#"{ "types": { "T": { "a": { "$type": "Int?", "$default": 1 } } }, "endpoints": [] }"#)
        #expect(
            result.diagnostics.map(\.description) == [
                "spec.json:1:37: warning: 'a' has a '$default', so it is never nil: it is generated as non-optional Int [DTG3103]"
            ])
    }

    @Test func aValidSpecBesideABrokenOneWritesNothing() {
        let result = generate([
            ("good.json", #"{ "types": { "A": { "a": "Int" } }, "endpoints": [] }"#),
            ("bad.json", #"{ "endpoints": [{ "name": "x" }] }"#),
        ])
        #expect(result.hasErrors)
        #expect(result.files.isEmpty)
    }

    @Test func typeNamesMustBeUniqueAcrossSpecs() {
        let a = #"{ "types": { "User": { "a": "Int" } }, "endpoints": [] }"#
        let result = generate([("a.json", a), ("b.json", a)])
        #expect(
            result.diagnostics.map(\.description) == [
                "b.json:1:14: error: type 'User' is also generated by a.json:1:14; generated types share one module, so names must be unique across specs [DTG3076]"
            ])
    }

    @Test func specNamesMustBeUniqueAcrossSpecs() {
        let spec = #"{ "name": "Shop", "baseURL": "https://a.example", "endpoints": [] }"#
        let result = generate([("a.json", spec), ("b.json", spec)])
        #expect(
            result.diagnostics.map(\.description) == [
                "b.json:1:11: error: another spec is also named 'Shop' (a.json:1:11); spec names must be unique, since they name the generated API types [DTG3073]"
            ])
    }

    @Test func apiNamespacesMustBeUniqueAcrossSpecs() {
        let spec = #"{ "baseURL": "https://a.example", "endpoints": [] }"#
        let result = generate([("a/store.json", spec), ("b/store.json", spec)])
        #expect(
            result.diagnostics.map(\.description) == [
                "b/store.json:1:14: error: the API namespace 'StoreAPI' is also generated for a/store.json:1:14; give one of the specs another 'name' [DTG3074]"
            ])
    }

    /// B declares a key A lacks (an object with `name` is a B), D fixes `type` to another
    /// value than C: only E, A's declaration again, is never reached.
    @Test func untaggedObjectVariantsThatCannotBeToldApartAreAWarning() {
        let spec =
            #"{ "types": { "A": { "id": "String" }, "B": { "id": "String", "name": "String" }, "C": { "type": { "$enum": ["c"] } }, "D": { "type": { "$enum": ["d"] } }, "E": { "id": "String" }, "T": { "v": { "$oneOf": ["A", "B", "C", "D", "E"] } } }, "endpoints": [] }"#
        let result = generate(spec)
        #expect(!result.hasErrors)
        #expect(
            result.diagnostics.map(\.description) == [
                "spec.json:1:226: warning: 'e' cannot be told apart from 'a': 'a' declares every key it declares, with the same type, requires no other, and fixes no key to another value, so an object of it decodes as 'a', which is listed first; add '$discriminator', or list it first [DTG3088]"
            ])
    }

    @Test func importsMustExistAndNotFormACycle() {
        let missing = generate([
            ("a.json", #"{ "imports": ["comon.json"], "endpoints": [] }"#), ("common.json", #"{ "endpoints": [] }"#),
        ])
        #expect(
            missing.diagnostics.map(\.description) == [
                "a.json:1:15: error: no spec 'comon.json' to import (paths are relative to this spec); did you mean 'common.json'? [DTG3134]"
            ])
        let cycle = generate([
            ("a.json", #"{ "imports": ["b.json"], "endpoints": [] }"#),
            ("b.json", #"{ "imports": ["a.json"], "endpoints": [] }"#),
        ])
        #expect(
            cycle.diagnostics.map(\.description) == [
                "a.json:1:15: error: importing 'b.json' makes a cycle (it imports this spec, directly or through others); move the shared types into a spec both import [DTG3136]"
            ])
    }

    @Test func importsAreNotTransitive() {
        let result = generate([
            ("a.json", #"{ "imports": ["b.json"], "types": { "A": { "c": "C" } }, "endpoints": [] }"#),
            ("b.json", #"{ "imports": ["c.json"], "types": { "B": { "c": "C" } }, "endpoints": [] }"#),
            ("c.json", #"{ "types": { "C": { "x": "Int" } }, "endpoints": [] }"#),
        ])
        #expect(
            result.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                "a.json:1:49: error: unknown type 'C'; did you mean 'A'? [DTG3106]"
            ])
    }
}
