//! The Rust half of tests/rust/test_rust_vectors.py: reads a JSON list of runtime-contract
//! cases on stdin and prints one JSON text per case, computed with the generated crate of
//! the case's catalog (tests/contract/vectors.py `python_case` computes the same in Python).
use std::io::Read;

use serde_json::{json, Map, Value};

/// A failed upstream call of the kind a JavaScript error class stands for, as a Rust error value.
fn failure(name: &str) -> Box<dyn std::error::Error> {
    use std::io::{Error, ErrorKind};
    match name {
        "TimeoutError" => Box::new(Error::new(ErrorKind::TimedOut, "boom")),
        "TypeError" => Box::new(Error::new(ErrorKind::ConnectionRefused, "boom")), // fetch's network failure
        "SyntaxError" => Box::new(serde_json::from_str::<Value>("{").unwrap_err()), // a decode failure
        _ => Box::new(std::fmt::Error),
    }
}

macro_rules! catalog {
    ($name:ident, $krate:ident) => {
        mod $name {
            use super::*;
            use $krate as m;

            fn envelope(error: &m::ToolError) -> Value {
                error.to_jsonrpc_error().or_else(|| error.to_result()).unwrap_or(Value::Null)
            }

            fn name(kind: Option<m::ErrorKind>) -> Value {
                kind.map_or(Value::Null, |kind| Value::from(kind.as_str()))
            }

            fn text<'a>(case: &'a Value, key: &str) -> &'a str {
                case[key].as_str().unwrap_or("")
            }

            pub fn run(case: &Value) -> Value {
                match text(case, "op") {
                    "build" => {
                        let values = case["values"].as_object().cloned().unwrap_or_default();
                        match m::build_error(text(case, "code"), &values, case["retriable"].as_bool()) {
                            Ok(error) => envelope(&error),
                            Err(m::BuildError::Invalid(_)) => json!({"raises": "ValidationError"}),
                            Err(_) => json!({"raises": "TypeError"}),
                        }
                    }
                    "map_http" => {
                        let headers: Vec<(&str, &str)> = case["headers"].as_object().map_or(vec![], |h| {
                            h.iter().map(|(k, v)| (k.as_str(), v.as_str().unwrap_or(""))).collect()
                        });
                        let status = case["status"].as_u64().unwrap_or(0) as u16;
                        let error = m::map_http(status, case["message"].as_str(), Some(&case["body"]), &headers);
                        error.as_ref().map_or(Value::Null, envelope)
                    }
                    "map_exception" => {
                        let name = text(case, "name");
                        m::map_error(failure(name).as_ref(), name).as_ref().map_or(Value::Null, envelope)
                    }
                    "classify" => {
                        let status = case["status"].as_u64().unwrap_or(0) as u16;
                        json!({
                            "http": name(m::classify_http(status, case["retry_after"] == true)),
                            "failure": name(m::classify_failure(text(case, "failure"))),
                        })
                    }
                    "code" => {
                        let code = text(case, "code");
                        let mut terminal = Map::new();
                        let mut values = Map::new();
                        for (policy, value) in m::POLICIES {
                            let named = m::ErrorPolicy::named(policy).expect("a listed policy");
                            terminal.insert(policy.to_owned(), Value::from(m::is_terminal(code, named)));
                            values.insert(policy.to_owned(), Value::from(m::is_terminal(code, value)));
                        }
                        let kind = m::classify(code);
                        let grown = kind.map(|k| m::ErrorPolicy::new().add_terminal_kind(k).classifies_terminal(k));
                        json!({"kind": name(m::kind_of(code)), "classify": name(kind), "retryable": m::is_retryable(code),
                               "terminal": terminal, "values": values, "grown": grown})
                    }
                    "parse" => match m::parse_result(&case["result"]) {
                        None => Value::Null,
                        Some(m::ToolError::Unknown(unknown)) => {
                            let mut out = Map::new();
                            out.insert("known".to_owned(), Value::Bool(false));
                            out.insert(text(case, "key").to_owned(), Value::from(unknown.code));
                            out.insert("message".to_owned(), Value::from(unknown.message));
                            out.insert("payload".to_owned(), Value::Object(unknown.payload));
                            Value::Object(out)
                        }
                        Some(known) => json!({"known": true, "payload": known.to_payload()}),
                    },
                    "sanitize" => m::sanitize(&case["value"]),
                    "scrub" => Value::from(m::scrub_text(text(case, "text"))),
                    op => panic!("unknown op {op}"),
                }
            }
        }
    };
}

catalog!(napkin, napkin_errors);
catalog!(workbook, workbook_errors);
catalog!(filetools, filetools_errors);
catalog!(tsopts, tsopts_errors);
catalog!(tsmeta, tsmeta_errors);
catalog!(tsnames, tsnames_errors);
catalog!(tswire, tswire_errors);

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("cases on stdin");
    let cases: Vec<Value> = serde_json::from_str(&input).expect("a JSON list of cases");
    let mut out = String::new();
    for case in &cases {
        let value = match case["catalog"].as_str().unwrap_or("") {
            "napkin" => napkin::run(case),
            "workbook" => workbook::run(case),
            "filetools" => filetools::run(case),
            "tsopts" => tsopts::run(case),
            "tsmeta" => tsmeta::run(case),
            "tsnames" => tsnames::run(case),
            "tswire" => tswire::run(case),
            other => panic!("unknown catalog {other}"),
        };
        out.push_str(&napkin_errors::to_json(&value));
        out.push('\n');
    }
    print!("{out}");
}
