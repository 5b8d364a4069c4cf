//! Seed 000 (pmcp-server-toolkit `workbook`): the structured isError envelope, against the
//! generated crate of catalog/workbook.yaml. The seed's `WorkbookToolError::to_iserror_result`
//! is `to_payload()` here (the bare value pmcp routes into `structuredContent`); the full MCP
//! result is `to_result()`.
use serde_json::{json, Value};
use workbook_errors::{self as wb, CodeError, InvalidInput, Json, MissingField, ToolError};

/// The seed's self-repair table rows: code | when | self-repair fields | UI meaning.
const TABLE: [(&str, &str, &[&str], &str); 4] = [
    ("invalid_input", "arg-parse / dtype / enum-membership failure, or an unknown input field", &["field", "allowed"],
     "“this argument is malformed or out of the allowed set — fix it to a listed value”"),
    ("missing_field", "a required input is absent", &["field", "required"], "“supply the listed required field(s)”"),
    ("unsupported_option", "an override names no manifest cell", &["field", "allowed"],
     "“this override is not a known variable-tier parameter — pick a listed one”"),
    ("strict_constant_override", "a BA-governed strict constant supplied as input", &["field", "allowed"],
     "“this value is BA-governed and cannot be overridden per-call — set a listed variable-tier parameter instead”"),
];

fn unit_error() -> ToolError {
    InvalidInput::new("unit").with_allowed(["kg", "lb"]).into()
}

/// A value of the crate as `serde_json` data (to compare with `json!`).
fn value(json: &Json) -> Value {
    Value::from(json)
}

/// What pmcp's dispatch sends for a domain failure: protocol isError false, the marker inside.
fn pmcp_result(payload: &Value) -> Json {
    Json::from(json!({"content": [{"type": "text", "text": payload.to_string()}], "isError": false, "structuredContent": payload}))
}

#[test]
fn the_result_is_a_tool_result_with_is_error_true_never_a_protocol_error() {
    let result = unit_error().to_result().expect("a tool-channel code");
    assert_eq!(result.get("isError"), Some(&Json::Bool(true)));
    assert_eq!(value(&result)["content"][0]["text"], json!("invalid_input: argument 'unit' is malformed or outside the allowed set"));
    assert_eq!(unit_error().to_jsonrpc_error(), None);
}

#[test]
fn the_payload_carries_is_error_only_the_given_repair_fields_and_the_provenance_stamp() {
    let payload = Json::from(unit_error().to_payload());
    let stamp = json!({"catalog": "workbook", "version": wb::VERSION, "fingerprint": wb::FINGERPRINT});
    assert_eq!(
        value(&payload),
        json!({"code": "invalid_input", "message": "argument 'unit' is malformed or outside the allowed set",
               "field": "unit", "allowed": ["kg", "lb"], "provenance": stamp, "isError": true})
    );
    assert!(payload.get("range").is_none(), "a repair field is present only when applicable");
    assert_eq!(unit_error().to_result().unwrap().get("structuredContent"), Some(&payload));
}

#[test]
fn the_payload_is_written_in_contract_order_whatever_serde_json_features_are_on() {
    let text = unit_error().to_payload().iter().map(|(key, _)| key.as_str()).collect::<Vec<_>>().join(",");
    assert_eq!(text, "code,message,field,allowed,provenance,isError");
    let written = serde_json::to_string(&unit_error()).unwrap();
    assert!(written.starts_with("{\"code\":\"invalid_input\",\"message\":"), "{written}");
}

#[test]
fn provenance_is_stamped_on_the_failure_path_too() {
    // An error read back from a failing call, and one built for a code chosen at run time.
    let values = Json::from(json!({"field": "unit", "required": ["unit", "quantity"]}));
    let built = wb::build_error("missing_field", values.as_object().unwrap(), None).unwrap();
    let ToolError::MissingField(error) = &built else { panic!("{built:?}") };
    assert_eq!(error.provenance.as_ref().unwrap().fingerprint, wb::FINGERPRINT);
    let again = wb::parse_result(&built.to_result().unwrap()).unwrap();
    let stamp = json!({"catalog": "workbook", "version": "1.4.0", "fingerprint": wb::FINGERPRINT});
    assert_eq!(value(again.to_payload().get("provenance").unwrap()), stamp);
    let unstamped = Json::from(json!({"code": "invalid_input", "message": "m", "field": "unit", "isError": true}));
    assert!(matches!(wb::parse_error(&unstamped), ToolError::Unknown(_)), "a payload without its stamp is not typed");
}

#[test]
fn parse_result_reads_an_error_although_the_protocol_is_error_is_false() {
    let payload = value(&Json::from(unit_error().to_payload()));
    let error = wb::parse_result(&pmcp_result(&payload)).expect("an error result");
    let ToolError::InvalidInput(typed) = &error else { panic!("{error:?}") };
    assert_eq!(typed.fields.allowed.as_deref(), Some(&["kg".to_owned(), "lb".to_owned()][..])); // allowed-values live in the error
    assert_eq!(value(&Json::from(error.to_payload())), payload);
}

#[test]
fn a_success_stays_a_success() {
    let success = Json::from(json!({"content": [], "isError": false, "structuredContent": {"total": 3}}));
    assert_eq!(wb::parse_result(&success), None);
    let unmarked = Json::from(json!({"isError": false, "structuredContent": {"code": "invalid_input", "isError": false}}));
    assert_eq!(wb::parse_result(&unmarked), None);
}

#[test]
fn a_newer_servers_code_survives_as_unknown_with_its_payload() {
    let payload = json!({"code": "from_a_newer_server", "message": "new", "hint": [1, 2], "isError": true});
    let error = wb::parse_result(&pmcp_result(&payload)).expect("an error result");
    let ToolError::Unknown(unknown) = &error else { panic!("{error:?}") };
    assert_eq!((unknown.code.as_str(), unknown.message.as_str()), ("from_a_newer_server", "new"));
    assert_eq!(value(&Json::from(unknown.payload.clone())), payload);
}

#[test]
fn each_table_row_when_fields_and_ui_meaning() {
    let runtime: Vec<&str> = wb::CODES.iter().filter(|info| !info.deferred).map(|info| info.code).collect();
    assert_eq!(runtime, TABLE.map(|row| row.0));
    for (code, when, fields, meaning) in TABLE {
        let info = wb::code_info(code).unwrap();
        assert_eq!((info.when, info.ui_meaning), (when, meaning));
        assert!(fields.iter().all(|f| info.required.contains(f) || info.optional.contains(f)), "{code}");
        assert_eq!((info.retriable, info.recoverable), (wb::Retriable::No, wb::Recoverable::Yes));
    }
}

#[test]
fn the_deferred_codes_exist_but_cannot_be_built_at_run_time() {
    for code in ["stale_oracle", "unapproved_assumption"] {
        assert!(wb::code_info(code).unwrap().deferred);
        let values = Json::from(json!({"field": "x"}));
        assert_eq!(wb::build_error(code, values.as_object().unwrap(), None), Err(wb::BuildError::Deferred(code.to_owned())));
    }
    // They parse (a server may send them one day), and the compile-fail test proves no `new` exists.
    let payload = Json::from(json!({"code": "stale_oracle", "message": "m", "field": "fx_rate",
                         "provenance": {"catalog": "workbook", "version": "1.4.0", "fingerprint": wb::FINGERPRINT},
                         "isError": true}));
    assert!(matches!(wb::parse_error(&payload), ToolError::StaleOracle(_)));
}

#[test]
fn display_and_error_traits() {
    let error: Box<dyn std::error::Error> = Box::new(unit_error());
    assert_eq!(error.to_string(), "invalid_input: argument 'unit' is malformed or outside the allowed set");
    assert!(error.source().is_none());
    let round: ToolError = serde_json::from_value(serde_json::to_value(unit_error()).unwrap()).unwrap();
    assert_eq!(round, unit_error());
}

/// `?` turns a code's struct (or its `CodeError`) into the catalog's error.
fn check_unit(unit: &str) -> Result<f64, ToolError> {
    if unit != "kg" {
        Err(InvalidInput::new("unit").with_allowed(["kg"]))?;
    }
    Ok(1.0)
}

fn check_missing(given: &[&str]) -> Result<(), ToolError> {
    if given.is_empty() {
        Err(CodeError::new(MissingField::new("unit", ["unit"])).with_retriable(false))?;
    }
    Ok(())
}

#[test]
fn question_mark_returns_a_catalog_error() {
    let error = check_unit("lb").unwrap_err();
    assert_eq!(error.code(), "invalid_input");
    assert!(matches!(check_missing(&[]), Err(ToolError::MissingField(_))));
    assert!(check_unit("kg").is_ok() && check_missing(&["unit"]).is_ok());
}

#[test]
fn the_error_type_is_small() {
    // clippy's result_large_err fires at 128 bytes: every variant is boxed.
    assert!(std::mem::size_of::<ToolError>() <= 16, "{}", std::mem::size_of::<ToolError>());
}

#[test]
fn code_metadata_is_typed() {
    use wb::Code;
    assert_eq!(InvalidInput::CODE, "invalid_input");
    assert_eq!(InvalidInput::info().retriable, wb::Retriable::No);
    assert_eq!(InvalidInput::info().channel, wb::Channel::Tool);
    assert_eq!(unit_error().info().map(|info| info.code), Some("invalid_input"));
}
