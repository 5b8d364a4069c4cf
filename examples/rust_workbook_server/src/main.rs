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
//! It uses the generated crate's rmcp adapter (`workbook_errors::mcp`, the crate's `rmcp` feature):
//! a tool returns `Result<Json<T>, ToolError>` and fails with `?` (one line per failure path);
//! `mcp::arguments` reads its arguments as `Parameters<T>` would, except that a failure is the
//! catalog's repair payload (`missing_field`, `invalid_input` with `allowed` or `range`), and
//! `mcp::widen_tool` widens each `outputSchema` by the tool's errors. An unknown tool is a
//! JSON-RPC error (-32602), as the MCP spec says.
use std::collections::BTreeMap;

use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::handler::server::wrapper::Json;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ErrorData, Implementation, ListToolsResult, PaginatedRequestParams,
    ServerCapabilities, ServerConfig, Tool, ToolAnnotations,
};
use schemars::JsonSchema;
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, ServiceExt};
use serde::{Deserialize, Serialize};
use workbook_errors::mcp::{arguments, input_schema, widen_tool};
use workbook_errors::{StrictConstantOverride, ToolError, UnsupportedOption};

const PRICE_PER_KG: f64 = 2.5;
const VARIABLE_TIER: [(&str, f64); 2] = [("growth_rate", 0.0), ("tax_rate", 0.2)]; // overridable per call
const VAT_RATE: (&str, f64) = ("vat_rate", 0.19); // BA-governed: never overridable

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
#[schemars(inline)] // an enum in place (no $ref), as clients that generate inputs read best
enum Unit {
    Kg,
    Lb,
}

/// compute's arguments.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ComputeArgs {
    /// The unit of the quantity.
    unit: Unit,
    /// How much, in that unit.
    #[schemars(range(min = 0, max = 1000))]
    quantity: f64,
    /// Variable-tier parameters to override for this call.
    #[serde(default)]
    overrides: BTreeMap<String, f64>,
}

#[derive(Serialize, JsonSchema)]
struct Priced {
    total: f64,
    unit: Unit,
    quantity: f64,
    applied: BTreeMap<String, f64>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

#[derive(Serialize, JsonSchema)]
struct Units {
    units: Vec<Unit>,
}

fn tier() -> impl Iterator<Item = &'static str> {
    VARIABLE_TIER.iter().map(|(name, _)| *name)
}

/// Price the call, or fail with the catalog error that tells the caller how to repair it.
fn compute(args: ComputeArgs) -> Result<Json<Priced>, ToolError> {
    let mut rates: BTreeMap<String, f64> = VARIABLE_TIER.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect();
    for (name, value) in args.overrides {
        if name == VAT_RATE.0 {
            Err(StrictConstantOverride::new(name.as_str(), tier()))?;
        }
        if !rates.contains_key(&name) {
            Err(UnsupportedOption::new(name.as_str(), tier()))?;
        }
        rates.insert(name, value);
    }
    let per_unit = match args.unit {
        Unit::Kg => 1.0,
        Unit::Lb => 0.453_592_37,
    };
    let factor = (1.0 + rates["growth_rate"]) * (1.0 + rates["tax_rate"]) * (1.0 + VAT_RATE.1);
    let total = (args.quantity * per_unit * PRICE_PER_KG * factor * 100.0).round() / 100.0;
    Ok(Json(Priced { total, unit: args.unit, quantity: args.quantity, applied: rates }))
}

#[allow(clippy::unnecessary_wraps)] // a tool's shape: it could fail
fn units(_: NoArgs) -> Result<Json<Units>, ToolError> {
    Ok(Json(Units { units: vec![Unit::Kg, Unit::Lb] }))
}

fn tools() -> Vec<Tool> {
    let read_only = ToolAnnotations::new().read_only(true).idempotent(true);
    let compute = Tool::new(
        "compute",
        "Price a quantity of goods, optionally overriding variable-tier parameters.",
        input_schema::<ComputeArgs>(),
    );
    let units = Tool::new("units", "List the units compute accepts.", input_schema::<NoArgs>());
    [compute.with_output_schema::<Priced>(), units.with_output_schema::<Units>()]
        .into_iter()
        .map(|tool| widen_tool(tool.annotate(read_only.clone())))
        .collect()
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
        let args = request.arguments.as_ref();
        match request.name.as_ref() {
            "compute" => arguments(args).and_then(compute).into_call_tool_result(),
            "units" => arguments(args).and_then(units).into_call_tool_result(),
            other => Err(ErrorData::invalid_params(format!("unknown tool: {other}"), None)),
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let service = Workbook.serve(rmcp::transport::stdio()).await?;
    service.waiting().await?;
    Ok(())
}
