// Command vectors is the Go half of tests/go/test_go_vectors.py: it reads a JSON list of
// runtime-contract cases (tests/contract/vectors/*.jsonl) on stdin and prints one JSON text per
// case, computed with the generated Go package of the case's catalog. The lines must equal the
// committed expected texts byte for byte.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
)

// testCase is one case; values, bodies, results are kept raw and read with the catalog's own
// (order-keeping) JSON decoder.
type testCase struct {
	Op         string            `json:"op"`
	Catalog    string            `json:"catalog"`
	Key        string            `json:"key"`
	Code       string            `json:"code"`
	Values     json.RawMessage   `json:"values"`
	Retriable  *bool             `json:"retriable"`
	RetriableK *string           `json:"retriable_key"`
	Status     int               `json:"status"`
	RetryAfter bool              `json:"retry_after"`
	Failure    string            `json:"failure"`
	Body       json.RawMessage   `json:"body"`
	Message    *string           `json:"message"`
	Headers    map[string]string `json:"headers"`
	Name       string            `json:"name"`
	Result     json.RawMessage   `json:"result"`
	Value      json.RawMessage   `json:"value"`
	Text       string            `json:"text"`
}

func main() {
	var cases []testCase
	if err := json.NewDecoder(os.Stdin).Decode(&cases); err != nil {
		fmt.Fprintln(os.Stderr, "reading cases:", err)
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for _, c := range cases {
		m, ok := modules[c.Catalog]
		if !ok {
			fmt.Fprintln(os.Stderr, "unknown catalog", c.Catalog)
			os.Exit(2)
		}
		fmt.Fprintln(out, run(m, c))
	}
}

func run(m module, c testCase) string {
	switch c.Op {
	case "build":
		values := map[string]any{}
		var raw map[string]json.RawMessage
		must(json.Unmarshal(c.Values, &raw))
		for name, value := range raw {
			values[name] = m.decode(value)
		}
		if c.Retriable != nil {
			values[*c.RetriableK] = *c.Retriable
		}
		envelope, err := m.build(c.Code, values)
		if err != nil {
			return `{"raises":"TypeError"}`
		}
		return envelope
	case "map_http":
		message := ""
		if c.Message != nil {
			message = *c.Message
		}
		var header http.Header
		if c.Headers != nil {
			header = http.Header{}
			for name, value := range c.Headers {
				header[name] = []string{value} // as given: HasRetryAfter ignores letter case
			}
		}
		return m.mapHTTP(c.Status, message, m.decode(c.Body), header)
	case "map_exception":
		return m.mapError(thrown(c.Name))
	case "classify":
		return fmt.Sprintf(`{"http":%s,"failure":%s}`, m.kind(m.classifyHTTP(c.Status, c.RetryAfter)),
			m.kind(m.classifyFailure(c.Failure)))
	case "code":
		return m.code(c.Code)
	case "parse":
		return m.parse(m.decode(c.Result), c.Key)
	case "sanitize":
		return m.toJSON(m.sanitize(m.decode(c.Value)))
	case "scrub":
		return m.toJSON(m.scrub(c.Text))
	}
	panic("unknown op " + c.Op)
}

// object writes a JSON object whose keys are in the given order (none is an array index).
func object(toJSON func(any) string, pairs ...any) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i < len(pairs); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(toJSON(pairs[i]))
		b.WriteByte(':')
		b.WriteString(pairs[i+1].(string))
	}
	b.WriteByte('}')
	return b.String()
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
