// Package fuzz fuzzes the entry points of the generated Go that read what a host or an upstream
// hands over: ParseResult / Parse (bytes), DecodeJSON, Sanitize, ScrubText and MapHTTP (status,
// message, body as bytes, as a reader, as a string). tests/go/test_go_fuzz.py runs each target for
// a bounded time (go test -fuzz); the committed seed corpus is testdata/fuzz/<target>/ (go test
// runs it as plain tests too). A failing input that the fuzzer finds is written there: commit it,
// it is a regression test from then on.
//
// Beyond "no panic, no fatal error", each target checks a property the runtime contract states:
// DecodeJSON accepts exactly the JSON texts encoding/json accepts (less the ones nested deeper
// than 100 levels, plus one leading byte order mark); every JSON text written is valid UTF-8 and
// JSON; a typed error read back from its own result is the same payload; what MapHTTP returns
// parses back to its code.
package fuzz

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	nk "errgen.local/napkinerrors"
	wb "errgen.local/workbookerrors"
)

func FuzzParseResult(f *testing.F) {
	f.Add([]byte(`{"isError":true,"content":[{"type":"text","text":"x"}],"structuredContent":{"code":"NOT_FOUND","message":"m"}}`))
	f.Add([]byte(`{"isError":true,"content":[{"type":"text","text":"{\"code\":\"GONE\",\"message\":\"g\",\"original\":null}"}]}`))
	f.Add([]byte("\xef\xbb\xbf{\"isError\":true,\"content\":[]}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, parse := range []func([]byte) (string, bool){napkin, workbook} {
			if text, typed := parse(data); typed {
				again, _ := parse([]byte(text))
				if again != text {
					t.Fatalf("a typed error read back from its result changed:\n%s\n%s", text, again)
				}
			}
		}
		value, err := nk.DecodeJSON(data)
		checkDecoder(t, data, err)
		if err == nil {
			written := nk.ToJSON(value)
			if !utf8.ValidString(written) || !json.Valid([]byte(written)) {
				t.Fatalf("ToJSON wrote %q", written)
			}
			nk.ParseValue(value)
			nk.ParseResultValue(value)
			if sanitized := nk.ToJSON(nk.Sanitize(value)); !json.Valid([]byte(sanitized)) {
				t.Fatalf("Sanitize wrote %q", sanitized)
			}
		}
	})
}

// napkin parses data as a napkin result: the JSON of its result when it is a typed error.
func napkin(data []byte) (string, bool) {
	nk.Parse(data)
	got := nk.ParseResult(data)
	var unknown *nk.Unknown
	if got == nil || errors.As(got, &unknown) {
		return "", false
	}
	return nk.ToJSON(got.(nk.ToolError).ToResult()), true
}

// workbook parses data as a workbook result: the JSON of its result when it is a typed error.
func workbook(data []byte) (string, bool) {
	wb.Parse(data)
	got := wb.ParseResult(data)
	var unknown *wb.Unknown
	if got == nil || errors.As(got, &unknown) {
		return "", false
	}
	return wb.ToJSON(got.(wb.ToolError).ToResult()), true
}

// checkDecoder holds DecodeJSON to encoding/json: the same texts are JSON, but for a leading byte
// order mark (skipped), nesting deeper than 100 levels (refused) and numbers beyond the double
// range (refused by both).
func checkDecoder(t *testing.T, data []byte, err error) {
	var v any
	theirs := json.Unmarshal(data, &v)
	bom := bytes.HasPrefix(data, []byte("\xef\xbb\xbf"))
	switch {
	case errors.Is(err, nk.ErrTooDeep):
		if levels(data) <= 100 {
			t.Fatalf("ErrTooDeep for %d levels", levels(data))
		}
	case err == nil && theirs != nil && !bom:
		t.Fatalf("DecodeJSON read what encoding/json refuses (%v): %q", theirs, data)
	case err != nil && theirs == nil:
		t.Fatalf("DecodeJSON refused what encoding/json reads (%v): %q", err, data)
	}
}

// levels is the deepest nesting of arrays and objects in JSON text (outside strings).
func levels(data []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

func FuzzMapHTTP(f *testing.F) {
	f.Add(502, "", []byte("<html><body>502 Bad Gateway</body></html>"), false)
	f.Add(429, "slow down", []byte(`{"error":"rate limited","authorization":"Bearer abc.def.ghi"}`), true)
	f.Add(404, "token=hunter2", []byte("\xef\xbb\xbf\xed\xa0\x80"), false)
	f.Fuzz(func(t *testing.T, status int, message string, body []byte, retryAfter bool) {
		var header map[string][]string
		if retryAfter {
			header = map[string][]string{"retry-after": {"1"}}
		}
		bodies := []any{body, json.RawMessage(body), bytes.NewReader(body), string(body)}
		for _, given := range bodies {
			got := nk.MapHTTP(status, message, given, header)
			if got == nil {
				t.Fatal("MapHTTP returned nil: napkin has a default code")
			}
			text := nk.ToJSON(got.Payload())
			if !utf8.ValidString(text) || !json.Valid([]byte(text)) {
				t.Fatalf("MapHTTP's payload %q", text)
			}
			if back := nk.Parse([]byte(text)); back.Code() != got.Code() || isUnknown(back) {
				t.Fatalf("MapHTTP's payload does not parse back to %s: %s", got.Code(), text)
			}
		}
	})
}

func isUnknown(err nk.Error) bool {
	var unknown *nk.Unknown
	return errors.As(err, &unknown)
}

func FuzzScrubText(f *testing.F) {
	f.Add("Authorization: Bearer abc.def.ghi at /home/alice/x.py password=hunter2")
	f.Add("Traceback (most recent call last):\n  File \"/srv/app.py\", line 1")
	f.Add(strings.Repeat("k", 2000) + "\xed\xa0\x80")
	f.Fuzz(func(t *testing.T, text string) {
		scrubbed := nk.ScrubText(text)
		if !utf8.ValidString(nk.ToJSON(scrubbed)) {
			t.Fatalf("ScrubText(%q) wrote invalid UTF-8", text)
		}
		object := nk.NewObject()
		object.Set(text, text)
		if sanitized := nk.ToJSON(nk.Sanitize(object)); !json.Valid([]byte(sanitized)) {
			t.Fatalf("Sanitize wrote %q", sanitized)
		}
		nk.BuildError(nk.CodeUpstreamError, map[string]any{"original": text})
	})
}
