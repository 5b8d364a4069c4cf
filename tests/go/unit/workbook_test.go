// Unit tests of the generated workbook package (seed 000): typed errors, errors.As, parsing
// back, unknown codes, deferred codes.
package unit

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	wb "errgen.local/workbookerrors"
)

func TestErrorsAsFindsTheTypedError(t *testing.T) {
	var err error = fmt.Errorf("compute: %w", wb.NewInvalidInputError(wb.InvalidInputArgs{Field: "unit", Allowed: []string{"kg", "lb"}}))
	var invalid *wb.InvalidInputError
	if !errors.As(err, &invalid) {
		t.Fatalf("errors.As did not find *InvalidInputError in %v", err)
	}
	if invalid.Field != "unit" || strings.Join(invalid.Allowed, ",") != "kg,lb" || invalid.Range != nil {
		t.Fatalf("fields: %+v", invalid)
	}
	var missing *wb.MissingFieldError
	if errors.As(err, &missing) {
		t.Fatal("errors.As found a *MissingFieldError in an invalid_input error")
	}
	if got := err.Error(); got != "compute: invalid_input: argument 'unit' is malformed or outside the allowed set" {
		t.Fatalf("Error() = %q", got)
	}
}

func TestResultCarriesTheEnvelopeAndProvenance(t *testing.T) {
	result, err := json.Marshal(wb.NewMissingFieldError(wb.MissingFieldArgs{Field: "unit", Required: []string{"unit", "quantity"}}).ToResult())
	if err != nil {
		t.Fatal(err)
	}
	var decoded struct {
		IsError           bool           `json:"isError"`
		StructuredContent map[string]any `json:"structuredContent"`
	}
	if err := json.Unmarshal(result, &decoded); err != nil {
		t.Fatal(err)
	}
	provenance, _ := decoded.StructuredContent["provenance"].(map[string]any)
	if !decoded.IsError || decoded.StructuredContent["isError"] != true || provenance["catalog"] != "workbook" ||
		!strings.HasPrefix(provenance["fingerprint"].(string), "sha256:") {
		t.Fatalf("result: %s", result)
	}
	if _, ok := decoded.StructuredContent["allowed"]; ok {
		t.Fatalf("a repair field that was not given is on the wire: %s", result)
	}
}

func TestParseResultGivesTheTypedErrorBack(t *testing.T) {
	sent := wb.NewUnsupportedOptionError(wb.UnsupportedOptionArgs{Field: "discount_rate", Allowed: []string{"growth_rate"}})
	data, _ := json.Marshal(sent.ToResult())
	got := wb.ParseResult(data)
	option, ok := got.(*wb.UnsupportedOptionError)
	if !ok || option.Field != "discount_rate" || option.Provenance != wb.Stamp() {
		t.Fatalf("ParseResult = %#v", got)
	}
	if wb.ParseResult([]byte(`{"content": []}`)) != nil {
		t.Fatal("a success result parsed as an error")
	}
}

func TestParseKeepsAnUnknownCodesPayload(t *testing.T) {
	got := wb.Parse(json.RawMessage(`{"code": "from_a_newer_server", "message": "hi", "extra": [1, 2.5]}`))
	var unknown *wb.Unknown
	if !errors.As(got, &unknown) || unknown.Received != "from_a_newer_server" || unknown.Message != "hi" {
		t.Fatalf("Parse = %#v", got)
	}
	if text := wb.ToJSON(unknown.Raw); text != `{"code":"from_a_newer_server","message":"hi","extra":[1,2.5]}` {
		t.Fatalf("payload not kept: %s", text)
	}
	if bad := wb.Parse(json.RawMessage(`not json`)); bad.Code() != "" {
		t.Fatalf("Parse(not json) = %#v", bad)
	}
	if invalid := wb.Parse(json.RawMessage(`{"code": "invalid_input", "message": "m"}`)); invalid.Code() != wb.CodeInvalidInput {
		t.Fatalf("an invalid known payload keeps its code: %#v", invalid)
	} else if _, typed := invalid.(*wb.Unknown); !typed {
		t.Fatal("a payload without its required field parsed as a typed error")
	}
}

func TestDeferredCodesCannotBeBuilt(t *testing.T) {
	for _, code := range []wb.Code{wb.CodeStaleOracle, wb.CodeUnapprovedAssumption} {
		if _, err := wb.BuildError(code, map[string]any{"field": "fx_rate"}); err == nil || !strings.Contains(err.Error(), "deferred") {
			t.Fatalf("BuildError(%s) = %v", code, err)
		}
		info, _ := wb.Info(code)
		if !info.Deferred {
			t.Fatalf("%s is not marked deferred", code)
		}
	}
	// ... but a payload of a deferred code still parses to its type (shape-only: it exists on the wire).
	stamp := wb.ToJSON(wb.Stamp())
	got := wb.Parse(json.RawMessage(`{"code":"stale_oracle","message":"m","field":"fx","provenance":` + stamp + `,"isError":true}`))
	if _, ok := got.(*wb.StaleOracleError); !ok {
		t.Fatalf("Parse(stale_oracle) = %#v", got)
	}
}
