// Command go_workbook_server is a real MCP server (the official Go SDK, stdio) for the workbook
// catalog whose tools fail through the generated Go errors (generated/workbook/go, reached with
// a replace directive in go.mod). Check it against the generated conformance pack:
//
//	go build -o /tmp/workbook-server . && \
//	  errgen conform generated/workbook/packs/errgen-workbook.yaml --server /tmp/workbook-server
//
// It adds its tools with the SDK's Server.AddTool, so that it owns its tools' arguments:
// argument problems are domain errors with repair payloads (invalid_input, missing_field, …),
// sent as tool results with isError true, never the SDK's generic validation text.
package main

import (
	"context"
	"encoding/json"
	"log"
	"math"
	"sort"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	wb "errgen.local/workbookerrors"
)

const pricePerKg = 2.5

var (
	kgPerUnit       = map[string]float64{"kg": 1.0, "lb": 0.45359237}
	quantityRange   = wb.Range{Min: number(0), Max: number(1000)}
	variableTier    = map[string]float64{"growth_rate": 0.0, "tax_rate": 0.2} // overridable per call
	strictConstants = map[string]float64{"vat_rate": 0.19}                    // BA-governed: never overridable
	computeInputs   = []string{"overrides", "quantity", "unit"}
	computeRequired = []string{"unit", "quantity"}
)

func number(f float64) *float64 { return &f }

func keys(m map[string]float64) []string {
	out := make([]string, 0, len(m))
	for key := range m {
		out = append(out, key)
	}
	sort.Strings(out)
	return out
}

// compute prices the call, or returns the catalog error that tells the caller how to repair it.
func compute(args *wb.Object) (map[string]any, wb.ToolError) {
	for _, name := range args.Keys() {
		if !contains(computeInputs, name) {
			return nil, wb.NewInvalidInputError(wb.InvalidInputArgs{Field: name, Allowed: computeInputs})
		}
	}
	for _, name := range computeRequired {
		if _, ok := args.Get(name); !ok {
			return nil, wb.NewMissingFieldError(wb.MissingFieldArgs{Field: name, Required: computeRequired})
		}
	}
	unitValue, _ := args.Get("unit")
	unit, _ := unitValue.(string)
	if _, ok := kgPerUnit[unit]; !ok {
		return nil, wb.NewInvalidInputError(wb.InvalidInputArgs{Field: "unit", Allowed: keys(kgPerUnit)})
	}
	quantityValue, _ := args.Get("quantity")
	quantity, isNumber := quantityValue.(float64)
	if !isNumber || quantity < *quantityRange.Min || quantity > *quantityRange.Max {
		return nil, wb.NewInvalidInputError(wb.InvalidInputArgs{Field: "quantity", Range: &quantityRange})
	}
	rates := map[string]float64{}
	for name, rate := range variableTier {
		rates[name] = rate
	}
	overridesValue, _ := args.Get("overrides")
	overrides, isObject := overridesValue.(*wb.Object)
	if overridesValue != nil && !isObject {
		return nil, wb.NewInvalidInputError(wb.InvalidInputArgs{Field: "overrides"})
	}
	for _, name := range overrides.Keys() {
		if _, strict := strictConstants[name]; strict {
			return nil, wb.NewStrictConstantOverrideError(wb.StrictConstantOverrideArgs{Field: name, Allowed: keys(variableTier)})
		}
		if _, known := variableTier[name]; !known {
			return nil, wb.NewUnsupportedOptionError(wb.UnsupportedOptionArgs{Field: name, Allowed: keys(variableTier)})
		}
		value, _ := overrides.Get(name)
		rate, ok := value.(float64)
		if !ok {
			return nil, wb.NewInvalidInputError(wb.InvalidInputArgs{Field: "overrides." + name})
		}
		rates[name] = rate
	}
	factor := (1 + rates["growth_rate"]) * (1 + rates["tax_rate"]) * (1 + strictConstants["vat_rate"])
	total := math.Round(quantity*kgPerUnit[unit]*pricePerKg*factor*100) / 100
	return map[string]any{"total": total, "unit": unit, "quantity": quantity, "applied": rates}, nil
}

func contains(list []string, name string) bool {
	for _, item := range list {
		if item == name {
			return true
		}
	}
	return false
}

// callResult turns the generated result of an error into the SDK's CallToolResult.
func callResult(result *wb.Result) *mcp.CallToolResult {
	out := &mcp.CallToolResult{IsError: result.IsError}
	for _, block := range result.Content {
		out.Content = append(out.Content, &mcp.TextContent{Text: block.Text})
	}
	if result.StructuredContent != nil {
		out.StructuredContent = result.StructuredContent // written by its MarshalJSON, as the contract spells it
	}
	return out
}

func success(data map[string]any) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: wb.ToJSON(data)}}, StructuredContent: data}
}

func handleCompute(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := wb.NewObject()
	if len(req.Params.Arguments) > 0 {
		decoded, err := wb.DecodeJSON(req.Params.Arguments)
		object, isObject := decoded.(*wb.Object)
		if err != nil || !isObject {
			return callResult(wb.NewInvalidInputError(wb.InvalidInputArgs{Field: "arguments"}).ToResult()), nil
		}
		args = object
	}
	data, failure := compute(args)
	if failure != nil {
		return callResult(failure.ToResult()), nil
	}
	return success(data), nil
}

func handleUnits(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return success(map[string]any{"units": keys(kgPerUnit)}), nil
}

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "workbook", Version: wb.Version}, nil)
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}
	server.AddTool(&mcp.Tool{
		Name:        "compute",
		Description: "Price a quantity of goods, optionally overriding variable-tier parameters.",
		InputSchema: json.RawMessage(`{"type": "object", "required": ["unit", "quantity"], "properties": {` +
			`"unit": {"type": "string", "enum": ["kg", "lb"]}, "quantity": {"type": "number", "minimum": 0, "maximum": 1000},` +
			`"overrides": {"type": "object", "additionalProperties": {"type": "number"}}}}`),
		Annotations: readOnly,
	}, handleCompute)
	server.AddTool(&mcp.Tool{
		Name:        "units",
		Description: "List the units compute accepts.",
		InputSchema: json.RawMessage(`{"type": "object", "properties": {}}`),
		Annotations: readOnly,
	}, handleUnits)
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
