//! Seed 001 (entelix-core `ToolErrorKind` / `ToolErrorPolicy`): the policy doc's statements,
//! against the generated crate of catalog/napkin.yaml (seed 001's kinds and `operator_safe`).
//! The seed's names carry over: `ErrorPolicy::new()`, `operator_safe()`, `add_terminal_kind`,
//! `classifies_terminal`, all `const fn`.
use napkin_errors::{self as napkin, ErrorKind, ErrorPolicy, ToolError};

// Built at compile time, as the seed's policies are.
const SAFE: ErrorPolicy = ErrorPolicy::operator_safe();
const SAFE_WITH_INTERNAL: ErrorPolicy = SAFE.add_terminal_kind(ErrorKind::Internal);
const INTERNAL_IS_TERMINAL: bool = SAFE_WITH_INTERNAL.classifies_terminal(ErrorKind::Internal);

fn terminal(policy: ErrorPolicy) -> Vec<ErrorKind> {
    ErrorKind::ALL.into_iter().filter(|kind| policy.classifies_terminal(*kind)).collect()
}

#[test]
fn new_is_the_empty_policy_every_failure_flows_back_to_the_model() {
    assert_eq!(terminal(ErrorPolicy::new()), vec![]);
    assert_eq!(ErrorPolicy::default(), ErrorPolicy::new());
}

#[test]
fn operator_safe_is_auth_quota_permanent() {
    assert_eq!(terminal(SAFE), vec![ErrorKind::Quota, ErrorKind::Auth, ErrorKind::Permanent]);
}

#[test]
fn operator_safe_excludes_internal_the_catch_all_and_validation_transient_rate_limit() {
    for kind in [ErrorKind::Internal, ErrorKind::Validation, ErrorKind::Transient, ErrorKind::RateLimit] {
        assert!(!SAFE.classifies_terminal(kind), "{kind}");
    }
}

#[test]
fn internal_is_added_explicitly_with_the_fluent_builder_the_old_value_unchanged() {
    const { assert!(INTERNAL_IS_TERMINAL) };
    assert!(!SAFE.classifies_terminal(ErrorKind::Internal));
    assert_ne!(SAFE_WITH_INTERNAL, SAFE);
    assert_eq!(ErrorPolicy::new().add_terminal_kind(ErrorKind::Auth), ErrorPolicy::new().add_terminal_kind(ErrorKind::Auth));
    assert_eq!(ErrorPolicy::named("operator_safe"), Some(SAFE));
}

#[test]
fn only_transient_and_rate_limit_are_retryable() {
    let retryable: Vec<&str> = napkin::KINDS.iter().filter(|k| k.retryable).map(|k| k.name).collect();
    assert_eq!(retryable, ["Transient", "RateLimit"]);
}

#[test]
fn classification_rules_and_the_catch_all() {
    assert_eq!(napkin::classify("A_CODE_FROM_A_NEWER_SERVER"), Some(ErrorKind::Internal));
    let cases = [(429, true, ErrorKind::RateLimit), (429, false, ErrorKind::Quota), (401, false, ErrorKind::Auth),
                 (403, false, ErrorKind::Auth), (503, false, ErrorKind::Transient), (408, false, ErrorKind::Transient),
                 (425, false, ErrorKind::Transient), (404, false, ErrorKind::Permanent)];
    for (status, retry_after, kind) in cases {
        assert_eq!(napkin::classify_http(status, retry_after), Some(kind), "{status}");
    }
    for failure in ["network", "tls", "dns", "timeout"] {
        assert_eq!(napkin::classify_failure(failure), Some(ErrorKind::Transient));
    }
    assert_eq!(napkin::classify_failure("decode"), Some(ErrorKind::Validation));
    assert_eq!(napkin::classify_failure("cosmic-ray"), Some(ErrorKind::Internal));
}

#[test]
fn mapped_upstream_failures_have_their_kinds_and_retriability() {
    let mapped = |status| napkin::map_http(status, None, None, &[]).unwrap();
    for (status, kind) in [(401, ErrorKind::Auth), (403, ErrorKind::Auth), (404, ErrorKind::Permanent),
                           (400, ErrorKind::Validation), (503, ErrorKind::Transient)] {
        assert_eq!(mapped(status).kind(), Some(kind), "{status}");
    }
    assert!(mapped(503).is_retryable() && !mapped(401).is_retryable());
    let timeout = std::io::Error::new(std::io::ErrorKind::TimedOut, "slow upstream");
    let error = napkin::map_error(timeout, "TimedOut").unwrap();
    assert!(matches!(error, ToolError::Timeout(_)) && error.is_retryable());
    let source = std::error::Error::source(&error).expect("the upstream error it wraps");
    assert_eq!(source.to_string(), "slow upstream");
    assert_eq!(napkin::map_error(std::fmt::Error, "fmt::Error").unwrap().kind(), Some(ErrorKind::Internal));
}

#[test]
fn the_layer_terminates_when_the_policy_classifies_the_kind_terminal() {
    let code = |status| napkin::map_http(status, None, None, &[]).unwrap().code().to_owned();
    assert!(napkin::is_terminal(&code(401), SAFE));
    assert!(!napkin::is_terminal(&code(503), SAFE));
    let unclassified = napkin::map_error(std::fmt::Error, "fmt::Error").unwrap();
    assert!(!napkin::is_terminal(unclassified.code(), SAFE));
    assert!(napkin::is_terminal(unclassified.code(), SAFE_WITH_INTERNAL));
}

#[test]
fn the_upstream_body_is_sanitized_in_original() {
    let body = r#"{"error": "bad", "authorization": "Bearer abc.def.ghi", "path": "/home/alice/x"}"#;
    let body = napkin::Json::parse(body).unwrap(); // keys in this order (a serde_json map may sort them)
    let error = napkin::map_http(502, None, Some(&body), &[]).unwrap();
    assert_eq!(
        error.to_payload().get("original").unwrap().to_string(),
        r#"{"status":502,"body":{"error":"bad","authorization":"[REDACTED]","path":"<path>"}}"#
    );
}

#[test]
fn an_html_error_page_as_the_body_is_kept_as_sanitized_text() {
    let page = b"<html><body>502 Bad Gateway</body></html>";
    let error = napkin::map_http(502, None, Some(&napkin::Json::from_body(page)), &[]).unwrap();
    let original = error.to_payload().get("original").unwrap().to_string();
    assert_eq!(original, r#"{"status":502,"body":"<html><body>502 Bad Gateway</body></html>"}"#);
}
