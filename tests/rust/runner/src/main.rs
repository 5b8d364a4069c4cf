//! The Rust half of tests/rust/test_rust_vectors.py: reads runtime-contract cases on stdin and
//! prints one JSON text per case, computed with the generated crate of the case's catalog
//! (tests/contract/vectors.py `python_case` computes the same in Python).
//!
//! Each line holds one case as a list of `[key, JSON text of the value]` pairs, and each value
//! is read with the catalog crate's own JSON reader, as a host hands such data over: a case
//! field may hold any JSON (no value nests deeper for being inside a case).
use std::io::Read;

/// A failed upstream call of the kind a JavaScript error class stands for, as a Rust error value.
fn failure(name: &str) -> Box<dyn std::error::Error + Send + Sync> {
    use std::io::{Error, ErrorKind};
    match name {
        "TimeoutError" => Box::new(Error::new(ErrorKind::TimedOut, "boom")),
        "TypeError" => Box::new(Error::new(ErrorKind::ConnectionRefused, "boom")), // fetch's network failure
        "SyntaxError" => Box::new(napkin_errors::Json::parse("{").unwrap_err()), // a decode failure
        _ => Box::new(std::fmt::Error),
    }
}

macro_rules! catalog {
    ($name:ident, $krate:ident) => {
        mod $name {
            use super::*;
            use $krate as m;
            use $krate::{Json, JsonMap};

            fn text<'a>(case: &'a JsonMap, key: &str) -> &'a str {
                case.get(key).and_then(Json::as_str).unwrap_or("")
            }

            /// An HTTP status as the typed API takes it: an integer (rule 1) that fits, else 0 (no rule matches it).
            fn status(case: &JsonMap) -> u16 {
                let number = case.get("status").and_then(Json::as_i64);
                number.and_then(|n| u16::try_from(n).ok()).unwrap_or(0)
            }

            fn headers(case: &JsonMap) -> Vec<(&str, &str)> {
                let headers = case.get("headers").and_then(Json::as_object);
                let pairs = headers.map(|h| h.iter().map(|(k, v)| (k.as_str(), v.as_str().unwrap_or(""))).collect());
                pairs.unwrap_or_default()
            }

            /// The case's fields, each read from its JSON text (a text that is not JSON reads as `null`),
            /// then its `"make"` values built (tests/contract/vectors.py `expanded`).
            pub fn read(fields: &[(String, String)]) -> JsonMap {
                let mut case: JsonMap =
                    fields.iter().map(|(key, text)| (key.as_str(), Json::parse(text).unwrap_or_default())).collect();
                let makes = case.remove("make").and_then(|m| m.as_array().map(|m| m.iter().cloned().collect::<Vec<_>>()));
                for make in makes.unwrap_or_default() {
                    let value = match make.get("nest").and_then(Json::as_i64) {
                        Some(levels) => nest(levels, make.get("key").and_then(Json::as_str), make.get("leaf")),
                        None => Json::from(String::from_utf8_lossy(&bytes_of(make.get("text"))).into_owned()),
                    };
                    let path: Vec<Json> = make.get("at").and_then(Json::as_array).map(|p| p.iter().cloned().collect()).unwrap_or_default();
                    set(&mut case, &path, value);
                }
                case
            }

            /// `levels` lists (objects under `key`) around `leaf`.
            fn nest(levels: i64, key: Option<&str>, leaf: Option<&Json>) -> Json {
                let mut value = leaf.cloned().unwrap_or_default();
                for _ in 0..levels {
                    value = match key {
                        Some(key) => Json::Object([(key, value)].into_iter().collect()),
                        None => Json::Array([value].into_iter().collect()),
                    };
                }
                value
            }

            /// Put `value` at `path` (keys and indices) in the case.
            fn set(case: &mut JsonMap, path: &[Json], value: Json) {
                let Some((first, rest)) = path.split_first() else { return };
                let Some(mut target) = first.as_str().and_then(|key| case.get_mut(key)) else { return };
                for step in rest {
                    let next = match target {
                        Json::Object(members) => step.as_str().and_then(|key| members.get_mut(key)),
                        Json::Array(items) => step.as_i64().and_then(|i| usize::try_from(i).ok()).and_then(|i| items.get_mut(i)),
                        _ => None,
                    };
                    let Some(next) = next else { return };
                    target = next;
                }
                *target = value;
            }

            /// The bytes a case spells as parts: `{"text": s}` (UTF-8) or `{"hex": h}`, each `"times"` times.
            fn bytes_of(parts: Option<&Json>) -> Vec<u8> {
                let mut out = Vec::new();
                for part in parts.and_then(Json::as_array).map(|p| p.as_slice()).unwrap_or_default() {
                    let piece = match (part.get("text").and_then(Json::as_str), part.get("hex").and_then(Json::as_str)) {
                        (Some(text), _) => text.as_bytes().to_vec(),
                        (None, Some(hex)) => (0..hex.len() / 2).filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()).collect(),
                        _ => Vec::new(),
                    };
                    let times = part.get("times").and_then(Json::as_i64).and_then(|n| usize::try_from(n).ok()).unwrap_or(1);
                    out.extend(piece.repeat(times));
                }
                out
            }

            fn envelope(error: &m::ToolError) -> Json {
                error.to_jsonrpc_error().or_else(|| error.to_result()).unwrap_or_default()
            }

            fn name(kind: Option<m::ErrorKind>) -> Json {
                kind.map_or(Json::Null, |kind| Json::from(kind.as_str()))
            }

            pub fn run(case: &JsonMap) -> Json {
                let field = |key: &str| case.get(key).cloned().unwrap_or_default();
                match text(case, "op") {
                    "build" => {
                        let values = case.get("values").and_then(Json::as_object).cloned().unwrap_or_default();
                        let retriable = case.get("retriable").and_then(Json::as_bool);
                        match m::build_error(text(case, "code"), &values, retriable) {
                            Ok(error) => envelope(&error),
                            Err(m::BuildError::Invalid(_)) => raises("ValidationError"),
                            Err(_) => raises("TypeError"),
                        }
                    }
                    "map_http" => {
                        // rule 10: a message that is neither a string nor null is the body
                        let message = case.get("message").filter(|m| !m.is_null());
                        let body = match case.get("body_bytes") {
                            None => field("body"),
                            Some(parts) if case.get("reader") == Some(&Json::Bool(true)) => {
                                Json::from_body_reader(std::io::Cursor::new(bytes_of(Some(parts))))
                            }
                            Some(parts) => Json::from_body(&bytes_of(Some(parts))),
                        };
                        let (message, body) = match message.map(Json::as_str) {
                            Some(None) => (None, message.cloned().unwrap_or_default()),
                            other => (other.flatten(), body),
                        };
                        let error = m::map_http(status(case), message, Some(&body), &headers(case));
                        error.as_ref().map_or(Json::Null, envelope)
                    }
                    "map_exception" => {
                        let name = text(case, "name");
                        m::map_error(failure(name), name).as_ref().map_or(Json::Null, envelope)
                    }
                    "classify" => {
                        let retry_after = case.get("retry_after") == Some(&Json::Bool(true));
                        let mut out = JsonMap::new();
                        out.insert("http", name(m::classify_http(status(case), retry_after)));
                        out.insert("failure", name(m::classify_failure(text(case, "failure"))));
                        Json::Object(out)
                    }
                    "code" => {
                        let code = text(case, "code");
                        let mut terminal = JsonMap::new();
                        let mut values = JsonMap::new();
                        for (policy, value) in m::POLICIES {
                            let named = m::ErrorPolicy::named(policy).expect("a listed policy");
                            terminal.insert(policy, m::is_terminal(code, named));
                            values.insert(policy, m::is_terminal(code, value));
                        }
                        let kind = m::classify(code);
                        let grown = kind.map(|k| m::ErrorPolicy::new().add_terminal_kind(k).classifies_terminal(k));
                        let mut out = JsonMap::new();
                        out.insert("kind", name(m::kind_of(code)));
                        out.insert("classify", name(kind));
                        out.insert("retryable", m::is_retryable(code));
                        out.insert("terminal", terminal);
                        out.insert("values", values);
                        out.insert("grown", grown);
                        Json::Object(out)
                    }
                    "parse" | "parse_bytes" | "tool_parse" => match match text(case, "op") {
                        "parse" => m::parse_result(&field("result")),
                        "tool_parse" => m::Tool::named(text(case, "tool"))
                            .and_then(|tool| tool.parse_result(&field("result"))),
                        _ => m::parse_result_bytes(&bytes_of(case.get("bytes"))),
                    } {
                        None => Json::Null,
                        Some(m::ToolError::Unknown(unknown)) => {
                            let mut out = JsonMap::new();
                            out.insert("known", false);
                            out.insert(text(case, "key"), unknown.code.as_str());
                            out.insert("message", unknown.message.as_str());
                            out.insert("payload", unknown.payload.clone());
                            Json::Object(out)
                        }
                        Some(known) => {
                            let mut out = JsonMap::new();
                            out.insert("known", true);
                            out.insert("payload", known.to_payload());
                            Json::Object(out)
                        }
                    },
                    "localize" => {
                        let values = case.get("values").and_then(Json::as_object).cloned().unwrap_or_default();
                        let found = m::localize(text(case, "code"), text(case, "locale"), &values).expect("a code of the catalog");
                        let mut out = JsonMap::new();
                        out.insert("locale", found.locale);
                        out.insert("message", found.message);
                        out.insert("title", found.title);
                        out.insert("ui_meaning", found.ui_meaning);
                        out.insert("next_action", found.next_action);
                        Json::Object(out)
                    }
                    "describe" => m::describe_field(text(case, "field"), text(case, "locale")).map_or(Json::Null, Json::from),
                    "localized_result" => {
                        let values = case.get("values").and_then(Json::as_object).cloned().unwrap_or_default();
                        let error = m::build_error(text(case, "code"), &values, None).expect("a buildable code");
                        let result = error.to_result_in(text(case, "locale")).unwrap_or_default();
                        let known = !matches!(m::parse_result(&result), Some(m::ToolError::Unknown(_)) | None);
                        let member = m::localized_message(&result).map_or(Json::Null, |found| {
                            let mut member = JsonMap::new();
                            member.insert("locale", found.locale);
                            member.insert("message", found.message);
                            Json::Object(member)
                        });
                        let mut out = JsonMap::new();
                        out.insert("result", result);
                        out.insert("known", known);
                        out.insert("member", member);
                        Json::Object(out)
                    }
                    "problem" | "status" | "result_with" => channel(case),
                    "parse_problem" => parsed(&m::parse_problem(&field("document")), text(case, "key")),
                    "parse_status" => parsed(&m::parse_status(&field("status")), text(case, "key")),
                    "tool_failure" => m::tool_failure_of(&field("result")).map_or(Json::Null, |found| found.to_json()),
                    "sanitize" => m::sanitize(&field("value")),
                    "scrub" => Json::from(m::scrub_text(text(case, "text"))),
                    op => panic!("unknown op {op}"),
                }
            }

            /// A parsed error as the vectors print it: known with its payload, or unknown with what it kept.
            fn parsed(error: &m::ToolError, key: &str) -> Json {
                let mut out = JsonMap::new();
                match error {
                    m::ToolError::Unknown(unknown) => {
                        out.insert("known", false);
                        out.insert(key, unknown.code.as_str());
                        out.insert("message", unknown.message.as_str());
                        out.insert("payload", unknown.payload.clone());
                    }
                    known => {
                        out.insert("known", true);
                        out.insert("payload", known.to_payload());
                    }
                }
                Json::Object(out)
            }

            /// An error (built, or parsed from a result) on a channel beside MCP: problem, Status or result with options.
            fn channel(case: &JsonMap) -> Json {
                let error = match case.get("result") {
                    Some(result) => m::parse_result(result).expect("an error result"),
                    None => {
                        let values = case.get("values").and_then(Json::as_object).cloned().unwrap_or_default();
                        let retriable = case.get("retriable").and_then(Json::as_bool);
                        m::build_error(text(case, "code"), &values, retriable).expect("a buildable code")
                    }
                };
                let number = |key: &str| case.get(key).and_then(Json::as_i64).and_then(|n| u64::try_from(n).ok());
                let occurrence = m::Occurrence {
                    instance: case.get("instance").and_then(Json::as_str).map(str::to_owned),
                    retry_after_ms: number("retry_after_ms"),
                    now_ms: number("now_ms"),
                };
                match text(case, "op") {
                    "problem" => error.to_problem(&occurrence),
                    "status" => error.to_status(&occurrence),
                    _ => error.to_result_with(&occurrence).unwrap_or_default(),
                }
            }

            fn raises(name: &str) -> Json {
                let mut out = JsonMap::new();
                out.insert("raises", name);
                Json::Object(out)
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
catalog!(tsi18n, tsi18n_errors);

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("cases on stdin");
    let mut out = String::new();
    for line in input.lines() {
        let pairs = napkin_errors::Json::parse(line).expect("a case: a list of [key, JSON text] pairs");
        let fields: Vec<(String, String)> = pairs
            .as_array()
            .map(|pairs| pairs.as_slice())
            .unwrap_or_default()
            .iter()
            .filter_map(|pair| {
                let pair = pair.as_array()?.as_slice();
                Some((pair.first()?.as_str()?.to_owned(), pair.get(1)?.as_str()?.to_owned()))
            })
            .collect();
        let catalog = fields.iter().find(|(key, _)| key == "catalog").map_or("", |(_, text)| text.as_str());
        let value = match catalog {
            "\"napkin\"" => napkin::run(&napkin::read(&fields)).to_string(),
            "\"workbook\"" => workbook::run(&workbook::read(&fields)).to_string(),
            "\"filetools\"" => filetools::run(&filetools::read(&fields)).to_string(),
            "\"tsopts\"" => tsopts::run(&tsopts::read(&fields)).to_string(),
            "\"tsmeta\"" => tsmeta::run(&tsmeta::read(&fields)).to_string(),
            "\"tsnames\"" => tsnames::run(&tsnames::read(&fields)).to_string(),
            "\"tswire\"" => tswire::run(&tswire::read(&fields)).to_string(),
            "\"tsi18n\"" => tsi18n::run(&tsi18n::read(&fields)).to_string(),
            other => panic!("unknown catalog {other}"),
        };
        out.push_str(&value);
        out.push('\n');
    }
    print!("{out}");
}
