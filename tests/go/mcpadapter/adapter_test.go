// Tests of the generated MCP Go SDK adapter (generated/<catalog>/go/mcpadapter), through the SDK's
// own client over its in-memory transport: what a client receives is what the wire carries.
package mcpadapter_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	ft "errgen.local/filetoolserrors"
	ftadapter "errgen.local/filetoolserrors/mcpadapter"
	nk "errgen.local/napkinerrors"
	nkadapter "errgen.local/napkinerrors/mcpadapter"
	wb "errgen.local/workbookerrors"
	"errgen.local/workbookerrors/mcpadapter"
)

type computeArgs struct {
	Unit     string  `json:"unit"`
	Quantity float64 `json:"quantity"`
}

type priced struct {
	Total float64 `json:"total"`
	Unit  string  `json:"unit"`
}

func number(f float64) *float64 { return &f }

func input() *jsonschema.Schema {
	schema, err := jsonschema.For[computeArgs](nil)
	if err != nil {
		panic(err)
	}
	schema.Properties["unit"].Enum = []any{"kg", "lb"}
	schema.Properties["quantity"].Minimum, schema.Properties["quantity"].Maximum = number(0), number(1000)
	return schema
}

func overridden() wb.ToolError {
	return wb.NewStrictConstantOverrideError(wb.StrictConstantOverrideArgs{Field: "vat_rate", Allowed: []string{"tax_rate"}})
}

// strictResult fails every call with a catalog error as its result, the zero Out beside it: the only
// way the SDK's own typed AddTool offers to send a structured error.
func strictResult(context.Context, *mcp.CallToolRequest, computeArgs) (*mcp.CallToolResult, priced, error) {
	return mcpadapter.ToCallToolResult(overridden()), priced{}, nil
}

// strictError fails every call with a catalog error as the handler's error (the adapter's way).
func strictError(context.Context, *mcp.CallToolRequest, computeArgs) (*mcp.CallToolResult, priced, error) {
	return nil, priced{}, overridden()
}

func serve(t *testing.T, add func(*mcp.Server)) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "workbook", Version: wb.Version}, nil)
	add(server)
	serverSide, clientSide := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, serverSide, nil); err != nil {
		t.Fatal(err)
	}
	session, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, clientSide, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = session.Close() })
	return session
}

func call(t *testing.T, session *mcp.ClientSession, name string, args any) (*mcp.CallToolResult, []byte) {
	t.Helper()
	result, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	wire, err := json.Marshal(result)
	if err != nil {
		t.Fatal(err)
	}
	return result, wire
}

func addWithAdapter(server *mcp.Server) {
	mcpadapter.AddTool(server, &mcp.Tool{Name: "compute", InputSchema: input()}, strictResult)
	mcpadapter.AddTool(server, &mcp.Tool{Name: "compute_error", InputSchema: input()}, strictError)
}

func addWithSDK(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{Name: "compute", InputSchema: input()}, strictResult)
}

func keepsThePayload(t *testing.T, session *mcp.ClientSession, tool string) {
	t.Helper()
	result, wire := call(t, session, tool, map[string]any{"unit": "kg", "quantity": 1})
	if !result.IsError {
		t.Fatalf("isError is false: %s", wire)
	}
	failure, ok := wb.ParseComputeResult(wire).(*wb.StrictConstantOverrideError)
	if !ok {
		t.Fatalf("not parsed as strict_constant_override: %s", wire)
	}
	if failure.Field != "vat_rate" || !reflect.DeepEqual(failure.Allowed, []string{"tax_rate"}) {
		t.Fatalf("fields lost: %+v", failure)
	}
}

// The case: a typed tool (a concrete Out) that returns a catalog error's result must reach
// the client with the error's payload, parsed by the generated parser to its code and fields. With
// mcp.AddTool in addWithAdapter's place this fails (the next test shows what the SDK sends).
func TestTypedAddToolKeepsTheErrorPayload(t *testing.T) {
	keepsThePayload(t, serve(t, addWithAdapter), "compute")
}

// The adapter's way: the handler returns the catalog error as its error, in one line.
func TestTypedAddToolSendsAReturnedErrorAsItsPayload(t *testing.T) {
	keepsThePayload(t, serve(t, addWithAdapter), "compute_error")
}

// What the SDK's own mcp.AddTool does with the same tool (go-sdk v1.8.0): the error's
// structuredContent is replaced by the zero Out. When this starts failing, the SDK has changed and
// the adapter's docs should say so.
func TestTheSDKsTypedAddToolReplacesTheErrorPayloadWithTheZeroOut(t *testing.T) {
	session := serve(t, addWithSDK)
	_, wire := call(t, session, "compute", map[string]any{"unit": "kg", "quantity": 1})
	var got struct {
		StructuredContent map[string]any `json:"structuredContent"`
	}
	if err := json.Unmarshal(wire, &got); err != nil {
		t.Fatal(err)
	}
	if want := map[string]any{"total": 0.0, "unit": ""}; !reflect.DeepEqual(got.StructuredContent, want) {
		t.Fatalf("the SDK kept %v (want its zero Out %v): %s", got.StructuredContent, want, wire)
	}
	if _, parsed := wb.ParseComputeResult(wire).(*wb.StrictConstantOverrideError); parsed {
		t.Fatalf("the SDK's result parses as the error: %s", wire)
	}
}

type repair struct {
	code     wb.Code
	field    string
	allowed  []string
	required []string
	rng      *wb.Range
}

// Arguments that fail the input schema come back as the catalog's repair payloads (its arguments section).
func TestArgumentFailuresAreRepairPayloads(t *testing.T) {
	session := serve(t, addWithAdapter)
	cases := []struct {
		name string
		args map[string]any
		want repair
	}{
		{"missing", map[string]any{"quantity": 1}, repair{wb.CodeMissingField, "unit", nil, []string{"unit", "quantity"}, nil}},
		{"not in the enum", map[string]any{"unit": "stone", "quantity": 1},
			repair{wb.CodeInvalidInput, "unit", []string{"kg", "lb"}, nil, nil}},
		{"out of range", map[string]any{"unit": "kg", "quantity": 5000},
			repair{wb.CodeInvalidInput, "quantity", nil, nil, &wb.Range{Min: number(0), Max: number(1000)}}},
		{"wrong type", map[string]any{"unit": "kg", "quantity": "five"}, repair{wb.CodeInvalidInput, "quantity", nil, nil, nil}},
		{"unknown", map[string]any{"unit": "kg", "quantity": 1, "colour": "red"},
			repair{wb.CodeInvalidInput, "colour", []string{"quantity", "unit"}, nil, nil}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, wire := call(t, session, "compute", c.args)
			var got repair
			switch failure := wb.ParseComputeResult(wire).(type) {
			case *wb.MissingFieldError:
				got = repair{failure.Code(), failure.Field, nil, failure.Required, nil}
			case *wb.InvalidInputError:
				got = repair{failure.Code(), failure.Field, failure.Allowed, nil, failure.Range}
			default:
				t.Fatalf("not a repair payload: %s", wire)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %+v, want %+v: %s", got, c.want, wire)
			}
		})
	}
}

// The listed outputSchema is the success schema widened by the tool's own errors.
func TestTheOutputSchemaIsWidenedByTheToolsErrors(t *testing.T) {
	session := serve(t, addWithAdapter)
	listed, err := session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(listed.Tools[0].OutputSchema)
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		AnyOf []json.RawMessage `json:"anyOf"`
	}
	if err := json.Unmarshal(data, &schema); err != nil || len(schema.AnyOf) != 2 {
		t.Fatalf("not widened: %s", data)
	}
	var listedErrors, want any
	if json.Unmarshal(schema.AnyOf[1], &listedErrors) != nil || json.Unmarshal(mcpadapter.ErrorSchema("compute"), &want) != nil {
		t.Fatal("not JSON")
	}
	if !reflect.DeepEqual(listedErrors, want) {
		t.Fatalf("the error branch is not compute's errors: %s", schema.AnyOf[1])
	}
}

// The adapters of catalogs without an arguments section leave argument failures to the SDK's text,
// and still send their errors intact.
func TestOtherCatalogsAdapters(t *testing.T) {
	session := serve(t, func(server *mcp.Server) {
		ftadapter.AddTool(server, &mcp.Tool{Name: "read_file"},
			func(context.Context, *mcp.CallToolRequest, struct {
				Path string `json:"path"`
			}) (*mcp.CallToolResult, priced, error) {
				return nil, priced{}, ft.NewNotFoundError(ft.NotFoundArgs{Path: "a.txt"})
			})
		nkadapter.AddTool(server, &mcp.Tool{Name: "fetch"},
			func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, priced, error) {
				return nil, priced{}, nk.NewNotFoundError(nk.NotFoundArgs{})
			})
	})
	_, wire := call(t, session, "read_file", map[string]any{"path": "a.txt"})
	if _, ok := ft.ParseReadFileResult(wire).(*ft.NotFoundError); !ok {
		t.Fatalf("not parsed as not_found: %s", wire)
	}
	result, wire := call(t, session, "read_file", map[string]any{})
	text, _ := result.Content[0].(*mcp.TextContent)
	if !result.IsError || result.StructuredContent != nil || text == nil || !strings.HasPrefix(text.Text, "validating") {
		t.Fatalf("an argument failure without an arguments section is the SDK's kind of text error: %s", wire)
	}
	_, wire = call(t, session, "fetch", map[string]any{})
	if _, ok := nk.ParseResult(wire).(*nk.NotFoundError); !ok {
		t.Fatalf("not parsed as NOT_FOUND: %s", wire)
	}
}
