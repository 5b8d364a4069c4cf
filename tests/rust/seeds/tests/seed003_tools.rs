//! Seed 003 (@comma-agents/coreTools): which tool returns which kinds, against the generated crate
//! of catalog/filetools.yaml's `tools` section. Each tool has its codes as data (`Tool`) and an
//! enum over exactly those codes, convertible to and from the catalog-wide `ToolError`.
use filetools_errors::{
    self as ft, BinaryFile, EditFileToolError, Json, MultipleMatches, ReadFileToolError, Tool, ToolError,
    UnknownCode, EDIT_FILE_TOOL, READ_FILE_TOOL, TOOLS,
};

fn binary_file() -> ToolError {
    BinaryFile::new("assets/logo.png").into()
}

fn multiple_matches() -> ToolError {
    MultipleMatches::new("src/server.ts", 3).into()
}

/// What a widget does with each error `edit_file` can return: the match is exhaustive over them.
fn recover(error: &EditFileToolError) -> String {
    match error {
        EditFileToolError::MultipleMatches(e) => format!("matched {} times", e.fields.match_count),
        EditFileToolError::StaleFile(_) | EditFileToolError::OldTextNotFound(_) => "re-read".to_owned(),
        EditFileToolError::OverlappingEdits(_) => "split the edits".to_owned(),
        EditFileToolError::NotFound(_)
        | EditFileToolError::PermissionDenied(_)
        | EditFileToolError::OutsideWorkspace(_)
        | EditFileToolError::FileTooLarge(_)
        | EditFileToolError::UnknownError(_) => "report".to_owned(),
        EditFileToolError::Unknown(unknown) => format!("not edit_file's: {}", unknown.code),
    }
}

#[test]
fn each_tool_has_its_codes_as_data() {
    assert_eq!(
        EDIT_FILE_TOOL.codes,
        [
            "not_found", "permission_denied", "outside_workspace", "file_too_large", "stale_file",
            "old_text_not_found", "multiple_matches", "overlapping_edits", "unknown"
        ]
    );
    assert!(READ_FILE_TOOL.declares("binary_file") && !EDIT_FILE_TOOL.declares("binary_file"));
    assert_eq!(Tool::named("edit_file"), Some(&EDIT_FILE_TOOL));
    assert_eq!(Tool::named("no_such_tool"), None);
    assert_eq!(TOOLS.len(), 10);
}

#[test]
fn a_result_is_typed_to_the_tools_codes() {
    let result = multiple_matches().to_result().unwrap();
    let error = EditFileToolError::parse_result(&result).unwrap();
    assert_eq!(recover(&error), "matched 3 times");
    assert_eq!(ToolError::from(error), multiple_matches()); // back into the catalog-wide enum, unchanged
    assert!(EditFileToolError::parse_result(&Json::parse(r#"{"content": []}"#).unwrap()).is_none());
}

#[test]
fn a_code_the_tool_does_not_declare_reads_as_unknown_with_its_payload() {
    let result = binary_file().to_result().unwrap();
    let error = EditFileToolError::parse_result(&result).unwrap();
    let EditFileToolError::Unknown(unknown) = &error else { panic!("{error:?}") };
    let expected = UnknownCode::of(&Json::Object(binary_file().to_payload()));
    assert_eq!((unknown.code.as_str(), unknown.as_ref()), ("binary_file", &expected));
    assert_eq!(recover(&error), "not edit_file's: binary_file");
    assert!(matches!(ReadFileToolError::parse_result(&result), Some(ReadFileToolError::BinaryFile(_))));
    assert!(matches!(EDIT_FILE_TOOL.parse_result(&result), Some(ToolError::Unknown(_))));
    assert_eq!(READ_FILE_TOOL.parse_result(&result), Some(binary_file()));
    assert_eq!(ft::parse_result(&result), Some(binary_file())); // the catalog-wide parser still types it
}
