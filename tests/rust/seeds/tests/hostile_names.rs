//! The crate of tests/rust/catalogs/rustnames.yaml: Rust keywords, prelude and crate names as
//! codes, fields, kinds and policies compile to usable, suffixed identifiers; the wire keeps
//! the catalog's names.
use rustnames_errors::{self as rn, Code, CodeError, ErrorKind, ErrorPolicy, FnError, Json, SelfError, ToolError, UnknownError};

#[test]
fn keyword_named_fields_keep_their_wire_names() {
    let error = CodeError::new(FnError::new("t").with_self(2).with_rendered(Json::Null).with_match("m"));
    let payload = Json::from(error.to_payload());
    assert_eq!(payload.get("code"), Some(&Json::from("fn")));
    assert_eq!(payload.get("fn"), Some(&Json::from("call again"))); // the next action under the key `fn`
    assert_eq!((payload.get("type"), payload.get("self")), (Some(&Json::from("t")), Some(&Json::from(2))));
    assert_eq!(payload.get("rendered"), Some(&Json::Null), "a null `any` value given is kept");
    assert!(payload.get("match").is_none(), "a message-only value is not on the wire");
    assert_eq!(error.message, "fn t 2     m");
    let again = rn::parse_result(&error.to_result().unwrap()).unwrap();
    let ToolError::FnError(again) = again else { panic!("{again:?}") };
    assert_eq!((again.message.as_str(), again.fields.type_.as_str(), again.fields.match_.as_deref()), ("fn t 2     m", "t", None));
}

#[test]
fn names_of_the_crate_and_the_prelude_take_a_suffix() {
    assert_eq!((SelfError::CODE, UnknownError::CODE), ("self", "unknown"));
    let mapped = rn::map_http(503, None, None, &[]).unwrap();
    assert!(matches!(mapped, ToolError::SelfError(_)), "{mapped:?}");
    let fallback = rn::map_http(404, None, None, &[]).unwrap();
    assert!(matches!(fallback, ToolError::UnknownError(_)), "{fallback:?}");
    let newer = rn::parse_error(&Json::parse(r#"{"code": "from_a_newer_server", "message": "m"}"#).unwrap());
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
