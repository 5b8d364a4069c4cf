// No panic and no fatal error from any argument or upstream input (issue 27): each test is one
// way the generated Go used to crash a server, or to record a value it did not read.
package unit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	nk "errgen.local/napkinerrors"
	wb "errgen.local/workbookerrors"
)

const htmlErrorPage = "<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>"

func TestANilListForARequiredFieldIsTheEmptyList(t *testing.T) {
	err := wb.NewMissingFieldError(wb.MissingFieldArgs{Field: "unit"}) // Required: nil
	if err.Required == nil || len(err.Required) != 0 {
		t.Fatalf("Required = %#v, want the empty list", err.Required)
	}
	if text := wb.ToJSON(err); !strings.Contains(text, `"required":[]`) {
		t.Fatalf("payload: %s", text)
	}
	by := &wb.MissingFieldError{Message: "m", Field: "unit"} // built by hand, Required nil
	if text := wb.ToJSON(by); !strings.Contains(text, `"required":[]`) {
		t.Fatalf("payload of a hand-built error: %s", text)
	}
}

func TestMapHTTPTakesAnHTMLPageGivenAsRawJSON(t *testing.T) {
	err := nk.MapHTTP(502, "", json.RawMessage(htmlErrorPage), nil)
	upstream, ok := err.(*nk.UpstreamError)
	if !ok {
		t.Fatalf("MapHTTP(502, html) = %#v", err)
	}
	if got := nk.ToJSON(upstream.Original); got != `{"status":502,"body":"`+htmlErrorPage+`"}` {
		t.Fatalf("original = %s", got)
	}
}

func TestMapHTTPReadsAReaderBody(t *testing.T) {
	body := io.NopCloser(strings.NewReader(`{"error":"no such page","password":"hunter2"}`)) // as resp.Body
	err := nk.MapHTTP(404, "", body, nil)
	notFound, ok := err.(*nk.NotFoundError)
	if !ok {
		t.Fatalf("MapHTTP(404, reader) = %#v", err)
	}
	if got := nk.ToJSON(notFound.Original); got != `{"status":404,"body":{"error":"no such page","password":"[REDACTED]"}}` {
		t.Fatalf("original = %s", got)
	}
	html := nk.MapHTTP(502, "", bytes.NewBufferString(htmlErrorPage), nil).(*nk.UpstreamError)
	if got := nk.ToJSON(html.Original); !strings.Contains(got, `"body":"<html>`) {
		t.Fatalf("an HTML page read from a reader: %s", got)
	}
	var missing *bytes.Buffer // a nil reader
	if got := nk.ToJSON(nk.MapHTTP(502, "", missing, nil).(*nk.UpstreamError).Original); !strings.Contains(got, `"body":"[unreadable]"`) {
		t.Fatalf("a nil reader: %s", got)
	}
	if got := nk.ToJSON(nk.MapHTTP(502, "", failing{}, nil).(*nk.UpstreamError).Original); !strings.Contains(got, `"body":"[unreadable]"`) {
		t.Fatalf("a reader that fails: %s", got)
	}
	endless := nk.MapHTTP(502, "", endless{}, nil).(*nk.UpstreamError).Original.(*nk.Object)
	if body, _ := endless.Get("body"); body == nil || len(body.(string)) > 4<<20+len("…[truncated]") {
		t.Fatalf("an endless reader: a body of %d bytes", len(nk.ToJSON(body)))
	}
}

// failing is a reader whose reading fails.
type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

// endless is a reader that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

func TestDeepNestingNeverKillsTheProcess(t *testing.T) {
	const levels = 3_000_000
	arrays := strings.Repeat("[", levels) + strings.Repeat("]", levels)
	if got := wb.ParseResult(json.RawMessage(arrays)); got == nil || got.Code() != "" {
		t.Fatalf("ParseResult(%d nested arrays) = %#v, want the empty unknown branch", levels, got)
	}
	if got := wb.Parse(json.RawMessage(arrays)); got.Code() != "" {
		t.Fatalf("Parse(%d nested arrays) = %#v", levels, got)
	}
	deep := `{"isError":true,"content":[],"structuredContent":{"code":"invalid_input","message":"m","field":` +
		strings.Repeat("[", levels) + strings.Repeat("]", levels) + "}}"
	if got := wb.ParseResult(json.RawMessage(deep)); got == nil {
		t.Fatal("a result with a deep payload parsed as no error")
	}
	var value any = "leaf"
	for range 100_000 {
		value = []any{value}
	}
	payload := wb.NewObject()
	payload.Set("code", "invalid_input")
	payload.Set("message", "m")
	payload.Set("field", value)
	got := wb.ParseValue(payload)
	if _, unknown := got.(*wb.Unknown); !unknown || got.Code() != wb.CodeInvalidInput {
		t.Fatalf("ParseValue(a 100,000-level host value) = %#v", got)
	}
	if text := wb.ToJSON(wb.Sanitize(value)); !strings.Contains(text, "[nested too deep]") {
		t.Fatalf("Sanitize(a 100,000-level host value) = %.80s…", text)
	}
}

func TestAHugeKeyIsCut(t *testing.T) {
	key := strings.Repeat("k", 10<<20)
	object := nk.NewObject()
	object.Set(key, "v")
	sanitized, ok := nk.Sanitize(object).(*nk.Object)
	if !ok || sanitized.Len() != 1 {
		t.Fatalf("Sanitize = %#v", sanitized)
	}
	if got := sanitized.Keys()[0]; got != strings.Repeat("k", 1024)+"…[truncated]" {
		t.Fatalf("the key kept %d bytes", len(got))
	}
}

func TestErrorsIsMatchesTheCodesSentinel(t *testing.T) {
	err := fmt.Errorf("compute: %w", wb.NewInvalidInputError(wb.InvalidInputArgs{Field: "unit"}))
	if !errors.Is(err, wb.ErrInvalidInput) || errors.Is(err, wb.ErrMissingField) {
		t.Fatalf("errors.Is(%v, ErrInvalidInput / ErrMissingField)", err)
	}
	unknown := wb.Parse(json.RawMessage(`{"code": "invalid_input", "message": "m"}`)) // invalid: no field
	if errors.Is(unknown, wb.ErrInvalidInput) {
		t.Fatal("an *Unknown matched a code's sentinel")
	}
}

func TestNoArgumentPanics(t *testing.T) {
	loop := nk.NewObject()
	loop.Set("self", loop)
	values := []any{make(chan int), func() {}, loop, map[string]any{"f": func() {}}, (*nk.Object)(nil), nk.Null{}}
	for _, value := range values {
		nk.ToJSON(value)
		nk.Sanitize(value)
		nk.ParseValue(value)
		nk.ParseResultValue(value)
		nk.MapHTTP(500, "", value, nil)
		if _, err := nk.BuildError(nk.CodeUpstreamError, map[string]any{"original": value, "status": 502}); err != nil {
			t.Fatalf("BuildError(original: %T) = %v", value, err)
		}
	}
	if got := nk.ToJSON(loop); got != `{"self":"[nested too deep]"}` {
		t.Fatalf("an object holding itself: %s", got)
	}
	if nk.Classify(nil) != nk.DefaultKind || nk.IsRetryable(nil) || nk.IsTerminal(nil, nk.NewPolicy()) {
		t.Fatal("a nil error")
	}
	for _, status := range []int{-1, 0, 99, 600, 1 << 40} {
		if got := nk.MapHTTP(status, "", nil, nil); got == nil || got.Code() != nk.CodeInternalError {
			t.Fatalf("MapHTTP(%d) = %#v, want the default code", status, got)
		}
	}
}
