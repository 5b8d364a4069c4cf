//! A real MCP server for the workbook catalog whose tools fail through the generated errors.
//!
//! Built on the official Rust SDK (`rmcp`), it serves stdio, what `errgen conform --server` runs:
//!
//! ```text
//! cargo build --manifest-path examples/rust_workbook_server/Cargo.toml
//! errgen conform generated/workbook/packs/errgen-workbook.yaml \
//!     --server examples/rust_workbook_server/target/debug/workbook-server
//! ```
//!
//! The same two tools as the Python example (examples/workbook_server/server.py): argument
//! problems are domain errors with repair payloads (`invalid_input`, `missing_field`, …) from
//! the generated crate, returned as tool results (`to_result()`), never protocol errors; an
//! unknown tool is a JSON-RPC error (-32602), as the MCP spec says.
use std::collections::BTreeMap;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ErrorData, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, ServiceExt};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use workbook_errors::{InvalidInput, MissingField, Range, StrictConstantOverride, ToolError, UnsupportedOption};

const PRICE_PER_KG: f64 = 2.5;
const UNITS: [(&str, f64); 2] = [("kg", 1.0), ("lb", 0.45359237)];
const QUANTITY: Range = Range::new(0.0, 1000.0);
const VARIABLE_TIER: [(&str, f64); 2] = [("growth_rate", 0.0), ("tax_rate", 0.2)]; // overridable per call
const STRICT_CONSTANTS: [(&str, f64); 1] = [("vat_rate", 0.19)]; // BA-governed: never overridable
const REQUIRED: [&str; 2] = ["unit", "quantity"];
const KNOWN: [&str; 3] = ["unit", "quantity", "overrides"];
/// The catalog's error payload schema (`errgen build` writes it beside the crate).
const ERROR_PAYLOAD: &str = include_str!("../../../generated/workbook/schema/workbook.output-fragment.schema.json");

fn names<'a, T>(table: &'a [(&'static str, T)]) -> impl Iterator<Item = &'static str> + 'a {
    table.iter().map(|(name, _)| *name)
}

fn lookup(table: &[(&str, f64)], name: &str) -> Option<f64> {
    table.iter().find(|(key, _)| *key == name).map(|(_, value)| *value)
}

/// Price the call, or return the catalog error that tells the caller how to repair it.
fn compute(args: &Map<String, Value>) -> Result<Value, ToolError> {
    if let Some(name) = args.keys().find(|name| !KNOWN.contains(&name.as_str())) {
        Err(InvalidInput::new(name.as_str()).with_allowed(KNOWN))?;
    }
    if let Some(missing) = REQUIRED.iter().find(|name| !args.contains_key(**name)) {
        Err(MissingField::new(*missing, REQUIRED))?;
    }
    let unit = args["unit"].as_str().unwrap_or_default();
    let Some(per_unit) = lookup(&UNITS, unit) else {
        return Err(InvalidInput::new("unit").with_allowed(names(&UNITS)).into());
    };
    let quantity = args["quantity"].as_f64().filter(|q| (0.0..=1000.0).contains(q));
    let Some(quantity) = quantity else {
        return Err(InvalidInput::new("quantity").with_range(QUANTITY).into());
    };
    let mut rates: BTreeMap<&str, f64> = VARIABLE_TIER.into_iter().collect();
    let overrides = match args.get("overrides") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(overrides)) => overrides.clone(),
        Some(_) => return Err(InvalidInput::new("overrides").into()),
    };
    for (name, value) in &overrides {
        if lookup(&STRICT_CONSTANTS, name).is_some() {
            return Err(StrictConstantOverride::new(name.as_str(), names(&VARIABLE_TIER)).into());
        }
        let Some((key, _)) = VARIABLE_TIER.iter().find(|(key, _)| key == name) else {
            return Err(UnsupportedOption::new(name.as_str(), names(&VARIABLE_TIER)).into());
        };
        let Some(rate) = value.as_f64() else {
            return Err(InvalidInput::new(format!("overrides.{name}")).into());
        };
        rates.insert(key, rate);
    }
    let factor = (1.0 + rates["growth_rate"]) * (1.0 + rates["tax_rate"]) * (1.0 + STRICT_CONSTANTS[0].1);
    let total = (quantity * per_unit * PRICE_PER_KG * factor * 100.0).round() / 100.0;
    Ok(json!({"total": total, "unit": unit, "quantity": quantity, "applied": rates}))
}

/// A success as structured content, or the error's generated envelope (isError: true). A success says
/// `isError: false` out loud: clients branching on `isError === true` (and wallfacer's `idempotency` pack,
/// which `mcp-spec-conformance` extends) cannot tell an absent flag from a broken envelope.
fn to_call_result(outcome: Result<Value, ToolError>) -> Result<CallToolResult, ErrorData> {
    let internal = |problem: String| ErrorData::internal_error(problem, None);
    match outcome {
        Ok(data) => {
            let text = data.to_string();
            let result = json!({"content": [{"type": "text", "text": text}], "structuredContent": data, "isError": false});
            serde_json::from_value(result).map_err(|problem| internal(problem.to_string()))
        }
        // The crate's `Json` is a serde Deserializer: it reads straight into the SDK's type.
        Err(error) => match error.to_result() {
            Some(result) => CallToolResult::deserialize(result).map_err(|problem| internal(problem.to_string())),
            None => Err(internal(format!("{error} travels as a JSON-RPC error"))),
        },
    }
}

fn tools() -> Vec<Tool> {
    let units: Vec<&str> = UNITS.iter().map(|(unit, _)| *unit).collect();
    let success = json!({
        "type": "object",
        "required": ["total", "unit", "quantity"],
        "properties": {"total": {"type": "number"}, "unit": {"type": "string"}, "quantity": {"type": "number"},
                       "applied": {"type": "object", "additionalProperties": {"type": "number"}}},
    });
    let mut error_payload: Map<String, Value> = serde_json::from_str(ERROR_PAYLOAD).expect("the generated schema");
    error_payload.retain(|key, _| !key.starts_with('$'));
    let compute = json!({
        "name": "compute",
        "description": "Price a quantity of goods, optionally overriding variable-tier parameters.",
        "inputSchema": {
            "type": "object",
            "required": REQUIRED,
            "properties": {
                "unit": {"type": "string", "enum": units},
                "quantity": {"type": "number", "minimum": 0, "maximum": 1000},
                "overrides": {"type": "object", "description": "Variable-tier parameters to override for this call.",
                              "properties": {"growth_rate": {"type": "number"}, "tax_rate": {"type": "number"}},
                              "additionalProperties": {"type": "number"}},
            },
        },
        // the success schema widened with the error payload, so strict clients accept error results
        "outputSchema": {"type": "object", "anyOf": [success, error_payload]},
        "annotations": {"readOnlyHint": true, "idempotentHint": true},
    });
    let list_units = json!({
        "name": "units",
        "description": "List the units compute accepts.",
        "inputSchema": {"type": "object", "properties": {}},
        "outputSchema": {"type": "object", "required": ["units"], "properties": {"units": {"type": "array"}}},
        "annotations": {"readOnlyHint": true, "idempotentHint": true},
    });
    [compute, list_units].into_iter().map(|tool| serde_json::from_value(tool).expect("a valid tool")).collect()
}

struct Workbook;

impl ServerHandler for Workbook {
    fn get_info(&self) -> ServerConfig {
        let mut info = ServerConfig::new(ServerCapabilities::builder().enable_tools().build());
        info.server_info = Implementation::new("workbook", workbook_errors::VERSION);
        info
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult { tools: tools(), ..ListToolsResult::default() })
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let args = request.arguments.clone().unwrap_or_default();
        let outcome = match request.name.as_ref() {
            "compute" => compute(&args),
            "units" => Ok(json!({"units": UNITS.map(|(unit, _)| unit)})),
            other => return Err(ErrorData::invalid_params(format!("unknown tool: {other}"), None)),
        };
        to_call_result(outcome).map(CallToolResponse::from)
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let service = Workbook.serve(rmcp::transport::stdio()).await?;
    service.waiting().await?;
    Ok(())
}
