//! The crate of tests/rust/catalogs/rustnames.yaml: Rust keywords, prelude and crate names as
//! codes, fields, kinds and policies compile to usable, suffixed identifiers; the wire keeps
//! the catalog's names.
use rustnames_errors::{self as rn, ErrorKind, ErrorPolicy, FnError, SelfError, ToolError, UnknownError};
use serde_json::{json, Value};

#[test]
fn keyword_named_fields_keep_their_wire_names() {
    let error = FnError::new("t", Some(2), None, None, None, None, Some(json!(null)), None, None, None, None);
    let payload = Value::Object(error.to_payload());
    assert_eq!(payload["code"], json!("fn"));
    assert_eq!(payload["fn"], json!("call again")); // the next action under the key `fn`
    assert_eq!((payload["type"].clone(), payload["self"].clone()), (json!("t"), json!(2)));
    assert!(payload.get("rendered").is_none(), "a null `any` value is not given");
    assert_eq!(error.message, "fn t 2     ");
    let again = rn::parse_result(&error.to_result()).unwrap();
    assert_eq!(again, ToolError::FnError(error));
}

#[test]
fn names_of_the_crate_and_the_prelude_take_a_suffix() {
    assert_eq!((SelfError::CODE, UnknownError::CODE), ("self", "unknown"));
    let mapped = rn::map_http(503, None, None, &[]).unwrap();
    assert!(matches!(mapped, ToolError::SelfError(_)), "{mapped:?}");
    let fallback = rn::map_http(404, None, None, &[]).unwrap();
    assert!(matches!(fallback, ToolError::UnknownError(_)), "{fallback:?}");
    let newer = rn::parse_error(&json!({"code": "from_a_newer_server", "message": "m"}));
    assert!(matches!(newer, ToolError::Unknown(_)));
}

#[test]
fn keyword_named_kinds_and_policies() {
    assert_eq!(ErrorKind::Self_.as_str(), "Self");
    assert_eq!(rn::classify("option"), Some(ErrorKind::Option));
    assert!(ErrorPolicy::fn_().classifies_terminal(ErrorKind::Crate));
    assert!(ErrorPolicy::new_().classifies_terminal(ErrorKind::Self_));
    assert_eq!(ErrorPolicy::default_(), ErrorPolicy::new());
    assert!(rn::is_terminal("fn", ErrorPolicy::named("new").unwrap()));
}
