// Command vectors is the Go half of tests/go/test_go_vectors.py: it reads a JSON list of
// runtime-contract cases (tests/contract/vectors/*.jsonl) on stdin and prints one JSON text per
// case, computed with the generated Go package of the case's catalog. The lines must equal the
// committed expected texts byte for byte.
//
// Any field of a case may hold any JSON value: each is read as the host or the upstream would
// hand it to the Go API (see arguments.go); what the API's Go types cannot hold is passed the way
// the runtime contract says a typed runtime takes it.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
)

func main() {
	input, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("reading cases:", err)
	}
	cases, err := elementsOf(string(input))
	if err != nil {
		fail("reading cases:", err)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for _, text := range cases {
		_, fields, err := membersOf(text)
		if err != nil {
			fail("reading a case:", err)
		}
		c := testCase{fields: fields, m: modules["napkin"]} // any catalog reads the catalog's name
		m, ok := modules[c.text("catalog")]
		if !ok {
			fail("unknown catalog", c.text("catalog"))
		}
		c.m = m
		c.expand()
		fmt.Fprintln(out, run(c))
	}
}

func run(c testCase) string {
	m := c.m
	switch op := c.text("op"); op {
	case "build":
		envelope, err := m.build(c.text("code"), c.buildValues())
		if err != nil {
			return `{"raises":"TypeError"}`
		}
		return envelope
	case "map_http":
		message, body := c.messageAndBody()
		if c.has("body_bytes") {
			data := c.bytes("body_bytes")
			body = data
			if c.flag("reader") {
				body = bytes.NewReader(data)
			}
		}
		return m.mapHTTP(c.status(), message, body, c.headers())
	case "map_exception":
		return m.mapError(thrown(c.text("name")))
	case "classify":
		return fmt.Sprintf(`{"http":%s,"failure":%s}`, m.kind(m.classifyHTTP(c.status(), c.flag("retry_after"))),
			m.kind(m.classifyFailure(c.text("failure"))))
	case "code":
		return m.code(c.text("code"))
	case "parse":
		return m.parse(c.value("result"), c.text("key"))
	case "parse_bytes":
		return m.parseBytes(c.bytes("bytes"), c.text("key"))
	case "tool_parse":
		return m.toolParse(c.text("tool"), c.value("result"), c.text("key"))
	case "localize":
		return m.localize(c.text("code"), c.text("locale"), c.buildValues())
	case "describe":
		return m.describe(c.text("field"), c.text("locale"))
	case "localized_result":
		return m.localizedResult(c.text("code"), c.text("locale"), c.buildValues())
	case "problem", "status", "result_with", "parse_problem", "parse_status", "tool_failure":
		channel, ok := channelModules[c.text("catalog")]
		if !ok {
			fail("no channel API for catalog", c.text("catalog"))
		}
		return channel(c)
	case "sanitize":
		return m.toJSON(m.sanitize(c.value("value")))
	case "scrub":
		return m.toJSON(m.scrub(c.text("text")))
	default:
		fail("unknown op", op)
	}
	return ""
}

func fail(what ...any) {
	fmt.Fprintln(os.Stderr, what...)
	os.Exit(2)
}
