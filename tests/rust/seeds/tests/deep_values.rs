//! No abort from any depth: values nested far deeper than any payload, whether read from text,
//! converted from `serde_json`, serialized from a host type or built from parts, go through
//! every entry point on a thread with a small stack. Before the crate bounded nesting, the
//! first two aborted the process with a stack overflow (`parse_result` cloning the payload,
//! `map_http` cloning the body, `present` reading an `any` field): a test binary that aborts
//! fails `cargo test`.
use napkin_errors::{self as napkin, BadRequest, Json, JsonArray, JsonMap, ToolError, MAX_NESTING};
use serde_json::Value;

const DEEP: usize = 200_000;
const STACK: usize = 256 * 1024; // far less than a server thread's stack

/// Run `check` on a thread with a small stack (a recursion per level would overflow it).
fn on_small_stack(check: impl FnOnce() + Send + 'static) {
    let thread = std::thread::Builder::new().stack_size(STACK).spawn(check).unwrap();
    thread.join().unwrap();
}

/// `levels` nested lists around `1`, as JSON text.
fn deep_text(levels: usize) -> String {
    format!("{}1{}", "[".repeat(levels), "]".repeat(levels))
}

/// `levels` nested lists as a `serde_json` value (built without recursion).
fn deep_value(levels: usize) -> Value {
    let mut value = Value::from(1);
    for _ in 0..levels {
        value = Value::Array(vec![value]);
    }
    value
}

fn result_with(original: &str) -> String {
    format!(r#"{{"isError": true, "structuredContent": {{"code": "BAD_REQUEST", "message": "m", "original": {original}}}}}"#)
}

/// Levels of lists and objects in a value (iteratively).
fn levels(value: &Json) -> usize {
    let mut deepest = 0;
    let mut pending = vec![(value, 0)];
    while let Some((value, depth)) = pending.pop() {
        let children: Vec<&Json> = match value {
            Json::Array(items) => items.iter().collect(),
            Json::Object(members) => members.iter().map(|(_, v)| v).collect(),
            _ => continue,
        };
        deepest = deepest.max(depth + 1);
        pending.extend(children.into_iter().map(|child| (child, depth + 1)));
    }
    deepest
}

#[test]
fn deep_json_text_reads_cut_within_the_bound() {
    on_small_stack(|| {
        let value = Json::parse(&deep_text(DEEP)).unwrap();
        assert!(value.is_cut());
        assert_eq!(levels(&value), MAX_NESTING);
        assert_eq!(Json::parse(&value.to_string()).unwrap().to_string(), value.to_string());
        assert!(Json::parse(&format!("{}1", "[".repeat(DEEP))).is_err(), "unclosed lists are not JSON");
    });
}

#[test]
fn a_payload_nested_too_deep_is_not_typed_and_keeps_what_is_within_the_bound() {
    on_small_stack(|| {
        let result = Json::parse(&result_with(&deep_text(DEEP))).unwrap();
        let error = napkin::parse_result(&result).unwrap();
        let ToolError::Unknown(unknown) = &error else { panic!("typed: {error:?}") };
        assert_eq!(unknown.code, "BAD_REQUEST");
        assert!(levels(&Json::from(unknown.payload.clone())) <= MAX_NESTING);
        let within = Json::parse(&result_with(&deep_text(MAX_NESTING - 3))).unwrap();
        assert!(matches!(napkin::parse_result(&within), Some(ToolError::BadRequest(_))));
    });
}

#[test]
fn a_deep_text_block_is_read_without_recursion() {
    on_small_stack(|| {
        let block = serde_json::json!({"type": "text", "text": format!(r#"{{"code": "BAD_REQUEST", "message": "m", "original": {}}}"#, deep_text(DEEP))});
        let result = Json::from(serde_json::json!({"isError": true, "content": [block]}));
        assert!(matches!(napkin::parse_result(&result), Some(ToolError::Unknown(_))));
    });
}

#[test]
fn a_deep_serde_json_value_converts_and_drops_without_recursion() {
    on_small_stack(|| {
        let value = Json::from(deep_value(DEEP)); // the value is dropped inside, iteratively
        assert!(value.is_cut() && levels(&value) == MAX_NESTING);
        let mut result = serde_json::Map::new();
        result.insert("isError".to_owned(), Value::Bool(true));
        result.insert("structuredContent".to_owned(), deep_value(DEEP));
        let result = Json::from(Value::Object(result));
        assert!(matches!(napkin::parse_result(&result), Some(ToolError::Unknown(_))));
    });
}

#[test]
fn a_deep_serialize_value_is_written_cut() {
    on_small_stack(|| {
        let value = deep_value(DEEP);
        let json = Json::from_serialize(&value).unwrap(); // serde's recursion stops at the bound
        assert!(json.is_cut() && levels(&json) == MAX_NESTING);
        drop(Json::from(value)); // dropped without recursion
    });
}

#[test]
fn a_value_built_from_parts_is_bounded_where_it_is_built() {
    on_small_stack(|| {
        let mut value = Json::from(1);
        for _ in 0..DEEP {
            let mut list = JsonArray::new();
            list.push(value);
            value = Json::Array(list);
        }
        assert!(value.is_cut() && levels(&value) <= 256);
        let copy = value.clone();
        assert_eq!(copy, value);
        assert!(!format!("{value:?}").is_empty());
        let mut object = JsonMap::new();
        object.insert("deep", value.clone());
        let sanitized = napkin::sanitize(&Json::from(object));
        assert_eq!(sanitized.to_string().matches('[').count(), 32); // sanitize keeps 32 levels
        let error: ToolError = BadRequest::new().with_original(value.clone()).into();
        let again = napkin::parse_result(&error.to_result().unwrap()).unwrap();
        assert!(matches!(again, ToolError::Unknown(_)), "a payload holding a cut value is not typed");
        let mapped = napkin::map_http(502, None, Some(&value), &[]).unwrap();
        assert!(mapped.to_payload().get("original").is_some());
    });
}

#[test]
fn map_http_takes_a_deep_body() {
    on_small_stack(|| {
        let body = Json::from_body(deep_text(DEEP).as_bytes());
        let error = napkin::map_http(502, None, Some(&body), &[]).unwrap();
        let original = error.to_payload().get("original").cloned().unwrap();
        assert!(levels(&original) <= 33, "the sanitized copy keeps 32 levels");
    });
}

#[test]
fn a_long_key_is_capped_as_a_long_text_is() {
    let key = "k".repeat(3 << 20);
    let mut object = JsonMap::new();
    object.insert(key.as_str(), 1);
    let sanitized = napkin::sanitize(&Json::from(object));
    let kept = sanitized.as_object().unwrap().keys().next().unwrap().to_owned();
    assert_eq!(kept.chars().count(), 1_048_576 + "…[truncated]".chars().count());
    assert!(kept.ends_with("…[truncated]"));
}
