//! No abort from any depth (docs/runtime-contract.md §7, *Depth*): values nested far deeper than
//! any payload — JSON text, `serde_json` values, `Serialize` values, values built from parts,
//! bodies — go through every entry point on a thread with a small stack. Before, the crate
//! aborted the process with a stack overflow at such depths (`parse_result` cloned the payload,
//! `map_http` the body, `present` read an `any` field recursively); a test binary that aborts
//! fails `cargo test`.
use napkin_errors::{self as napkin, BadRequest, Json, JsonArray, JsonMap, ToolError, MAX_JSON_LEVELS, MAX_LEVELS};
use serde_json::Value;

const DEEP: usize = 200_000;
const STACK: usize = 256 * 1024; // far less than a server thread's stack
const TOO_DEEP: &str = "[nested too deep]";

/// Run `check` on a thread with a small stack (a recursion per level would overflow it).
fn on_small_stack(check: impl FnOnce() + Send + 'static) {
    let thread = std::thread::Builder::new().stack_size(STACK).spawn(check).unwrap();
    thread.join().unwrap();
}

/// `levels` nested lists around `1`, as JSON text.
fn deep_text(levels: usize) -> String {
    format!("{}1{}", "[".repeat(levels), "]".repeat(levels))
}

/// `levels` nested lists around `1`, built from parts.
fn deep_json(levels: usize) -> Json {
    let mut value = Json::from(1);
    for _ in 0..levels {
        let mut list = JsonArray::new();
        list.push(value);
        value = Json::Array(list);
    }
    value
}

/// `levels` nested lists as a `serde_json` value (built without recursion).
fn deep_value(levels: usize) -> Value {
    let mut value = Value::from(1);
    for _ in 0..levels {
        value = Value::Array(vec![value]);
    }
    value
}

/// Levels of lists and objects in a value, and whether the too-deep marker is in it (iteratively).
fn shape(value: &Json) -> (usize, bool) {
    let (mut deepest, mut marked) = (0, false);
    let mut pending = vec![(value, 0)];
    while let Some((value, depth)) = pending.pop() {
        match value {
            Json::Array(items) => pending.extend(items.iter().map(|item| (item, depth + 1))),
            Json::Object(members) => pending.extend(members.iter().map(|(_, item)| (item, depth + 1))),
            Json::String(text) => marked |= text == TOO_DEEP,
            _ => {}
        }
        if matches!(value, Json::Array(_) | Json::Object(_)) {
            deepest = deepest.max(depth + 1);
        }
    }
    (deepest, marked)
}

fn payload_with(original: Json) -> JsonMap {
    let mut payload = JsonMap::new();
    payload.insert("code", "BAD_REQUEST");
    payload.insert("message", "m");
    payload.insert("original", original);
    payload
}

fn result_with(payload: JsonMap) -> Json {
    let mut result = JsonMap::new();
    result.insert("isError", true);
    result.insert("structuredContent", payload);
    Json::Object(result)
}

#[test]
fn a_json_text_deeper_than_the_bound_is_not_json_and_reads_without_recursion() {
    on_small_stack(|| {
        assert!(Json::parse(&deep_text(DEEP)).is_err());
        assert!(Json::parse(&deep_text(MAX_JSON_LEVELS)).is_ok());
        assert!(Json::parse(&deep_text(MAX_JSON_LEVELS + 1)).is_err());
        assert!(Json::parse(&format!("{}1", "[".repeat(DEEP))).is_err(), "unclosed lists are not JSON");
        let bytes = format!(r#"{{"isError": true, "content": [{{"type": "text", "text": "{}"}}]}}"#, deep_text(DEEP));
        let error = napkin::parse_result_bytes(bytes.as_bytes()).unwrap();
        assert!(matches!(&error, ToolError::Unknown(unknown) if unknown.message.len() == 2 * DEEP + 1), "the text is the message");
    });
}

#[test]
fn a_payload_deeper_than_64_levels_is_not_typed_and_keeps_64() {
    on_small_stack(|| {
        let error = napkin::parse_result(&result_with(payload_with(deep_json(DEEP)))).unwrap();
        let ToolError::Unknown(unknown) = &error else { panic!("typed: {error:?}") };
        assert_eq!(unknown.code, "BAD_REQUEST");
        assert_eq!(shape(&Json::from(unknown.payload.clone())), (MAX_LEVELS, true));
        let within = napkin::parse_result(&result_with(payload_with(deep_json(MAX_LEVELS - 2))));
        assert!(matches!(within, Some(ToolError::BadRequest(_))), "the payload object is level 1");
    });
}

#[test]
fn a_deep_serde_json_value_converts_and_drops_without_recursion() {
    on_small_stack(|| {
        let value = Json::from(deep_value(DEEP)); // the serde_json value is dropped inside, iteratively
        assert_eq!(shape(&value), (MAX_JSON_LEVELS, true));
        let mut result = serde_json::Map::new();
        result.insert("isError".to_owned(), Value::Bool(true));
        result.insert("structuredContent".to_owned(), deep_value(DEEP));
        assert!(matches!(napkin::parse_result(&Json::from(Value::Object(result))), Some(ToolError::Unknown(_))));
    });
}

#[test]
fn a_deep_serialize_value_is_read_to_the_bound() {
    on_small_stack(|| {
        let value = deep_value(DEEP);
        let json = Json::from_serialize(&value).unwrap(); // serde's recursion stops at the bound
        assert_eq!(shape(&json), (MAX_JSON_LEVELS, true));
        drop(Json::from(value)); // dropped without recursion
    });
}

#[test]
fn a_value_built_from_parts_is_cloned_compared_written_and_dropped_without_recursion() {
    on_small_stack(|| {
        let value = deep_json(DEEP);
        let copy = value.clone();
        assert_eq!(copy, value);
        assert_ne!(copy, deep_json(DEEP - 1));
        assert_eq!(value.to_string().len(), 2 * DEEP + 1);
        assert!(!format!("{value:?}").is_empty());
        let written = serde_json::to_string(&value).unwrap(); // serialized to the text bound
        let kept = format!("{}\"{TOO_DEEP}\"{}", "[".repeat(MAX_JSON_LEVELS), "]".repeat(MAX_JSON_LEVELS));
        assert_eq!(written, kept);
        let sanitized = napkin::sanitize(&Json::from(payload_with(value.clone())));
        assert_eq!(shape(&sanitized), (32, true), "sanitize keeps 32 levels");
    });
}

#[test]
fn an_error_built_with_a_deep_value_is_built_cut_at_64_levels() {
    on_small_stack(|| {
        let error: ToolError = BadRequest::new().with_original(deep_json(DEEP)).into();
        let payload = Json::from(error.to_payload());
        assert_eq!(shape(&payload), (MAX_LEVELS, true));
        let again = napkin::parse_result(&error.to_result().unwrap()).unwrap();
        assert!(matches!(again, ToolError::BadRequest(_)), "{again:?}");
        let values: JsonMap = [("original", deep_json(DEEP))].into_iter().collect();
        let built = napkin::build_error("BAD_REQUEST", &values, None).unwrap();
        assert_eq!(shape(&Json::from(built.to_payload())), (MAX_LEVELS, true));
    });
}

#[test]
fn map_http_takes_a_deep_body() {
    on_small_stack(|| {
        for body in [Json::from_body(deep_text(DEEP).as_bytes()), deep_json(DEEP)] {
            let error = napkin::map_http(502, None, Some(&body), &[]).unwrap();
            let original = error.to_payload().get("original").cloned().unwrap();
            assert!(shape(&original).0 <= 33, "the sanitized copy keeps 32 levels");
        }
    });
}

#[test]
fn a_body_longer_than_4_mib_is_its_text_never_json() {
    let mut body = b"[1".to_vec();
    body.resize(4_194_304, b' ');
    assert_eq!(Json::from_body(&[&body[..], b"]"].concat()).as_str().map(str::len), Some(4_194_304));
    body.truncate(4_194_303);
    assert!(Json::from_body(&[&body[..], b"]"].concat()).as_array().is_some(), "4 MiB: read as JSON");
}

#[test]
fn a_long_key_is_capped_at_1024_characters() {
    let key = "k".repeat(10 << 20); // 10 MiB: costs what a 1 KiB key costs
    let mut object = JsonMap::new();
    object.insert(key.as_str(), 1);
    let sanitized = napkin::sanitize(&Json::from(object));
    let kept = sanitized.as_object().unwrap().keys().next().unwrap().to_owned();
    assert_eq!(kept, format!("{}…[truncated]", "k".repeat(1024)));
}
