// Command go_workbook_server is a real MCP server (the official Go SDK, stdio) for the workbook
// catalog whose tools fail through the generated Go errors (generated/workbook/go) and the
// generated SDK adapter (generated/workbook/go/mcpadapter), both reached with replace directives
// in go.mod. Check it against the generated conformance pack:
//
//	go build -o /tmp/workbook-server . && \
//	  errgen conform generated/workbook/packs/errgen-workbook.yaml --server /tmp/workbook-server
//
// Its tools are the SDK's typed tools, added with mcpadapter.AddTool instead of mcp.AddTool: a
// handler returns a catalog error as its error (one line per failure path), the client receives
// that error's payload intact, arguments that fail the input schema come back as the catalog's
// repair payloads (missing_field, invalid_input with allowed or range), and each tool's
// outputSchema is widened by the errors the catalog gives it.
package main

import (
	"context"
	"log"
	"maps"
	"math"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	wb "errgen.local/workbookerrors"
	"errgen.local/workbookerrors/mcpadapter"
)

const pricePerKg = 2.5

var (
	kgPerUnit       = map[string]float64{"kg": 1.0, "lb": 0.45359237}
	variableTier    = map[string]float64{"growth_rate": 0.0, "tax_rate": 0.2} // overridable per call
	strictConstants = map[string]float64{"vat_rate": 0.19}                    // BA-governed: never overridable
	tierNames       = slices.Sorted(maps.Keys(variableTier))
)

// ComputeArgs are compute's arguments (its input schema is inferred from them).
type ComputeArgs struct {
	Unit      string             `json:"unit" jsonschema:"the unit of the quantity"`
	Quantity  float64            `json:"quantity" jsonschema:"how much, in that unit"`
	Overrides map[string]float64 `json:"overrides,omitempty" jsonschema:"variable-tier parameters to override for this call"`
}

// Priced is compute's result.
type Priced struct {
	Total    float64            `json:"total"`
	Unit     string             `json:"unit"`
	Quantity float64            `json:"quantity"`
	Applied  map[string]float64 `json:"applied"`
}

// Units is units' result.
type Units struct {
	Units []string `json:"units"`
}

// compute prices the call, or returns the catalog error that tells the caller how to repair it.
func compute(_ context.Context, _ *mcp.CallToolRequest, args ComputeArgs) (*mcp.CallToolResult, Priced, error) {
	rates := maps.Clone(variableTier)
	for _, name := range slices.Sorted(maps.Keys(args.Overrides)) {
		if _, strict := strictConstants[name]; strict {
			return nil, Priced{}, wb.NewStrictConstantOverrideError(wb.StrictConstantOverrideArgs{Field: name, Allowed: tierNames})
		}
		if _, known := variableTier[name]; !known {
			return nil, Priced{}, wb.NewUnsupportedOptionError(wb.UnsupportedOptionArgs{Field: name, Allowed: tierNames})
		}
		rates[name] = args.Overrides[name]
	}
	factor := (1 + rates["growth_rate"]) * (1 + rates["tax_rate"]) * (1 + strictConstants["vat_rate"])
	total := math.Round(args.Quantity*kgPerUnit[args.Unit]*pricePerKg*factor*100) / 100
	return nil, Priced{Total: total, Unit: args.Unit, Quantity: args.Quantity, Applied: rates}, nil
}

func units(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, Units, error) {
	return nil, Units{Units: slices.Sorted(maps.Keys(kgPerUnit))}, nil
}

func number(f float64) *float64 { return &f }

func computeInput() *jsonschema.Schema {
	schema, err := jsonschema.For[ComputeArgs](nil)
	if err != nil {
		panic(err)
	}
	schema.Properties["unit"].Enum = []any{"kg", "lb"}
	schema.Properties["quantity"].Minimum, schema.Properties["quantity"].Maximum = number(0), number(1000)
	return schema
}

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "workbook", Version: wb.Version}, nil)
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}
	mcpadapter.AddTool(server, &mcp.Tool{
		Name:        "compute",
		Description: "Price a quantity of goods, optionally overriding variable-tier parameters.",
		InputSchema: computeInput(),
		Annotations: readOnly,
	}, compute)
	mcpadapter.AddTool(server, &mcp.Tool{
		Name:        "units",
		Description: "List the units compute accepts.",
		Annotations: readOnly,
	}, units)
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
