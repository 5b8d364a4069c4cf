// Unit tests of the generated filetools package's per-tool contracts (seed 003's tools, from
// catalog/filetools.yaml's tools section): each tool's codes as data, a typed Parse per tool whose
// error interface only the structs of the tool's codes (and *Unknown) implement.
package unit

import (
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	ft "errgen.local/filetoolserrors"
)

func resultOf(t *testing.T, err ft.ToolError) json.RawMessage {
	t.Helper()
	data, marshal := json.Marshal(err.ToResult())
	if marshal != nil {
		t.Fatal(marshal)
	}
	return data
}

// recoverEdit handles every error edit_file can return; a case for another code's struct would not compile.
func recoverEdit(err ft.EditFileToolError) string {
	switch e := err.(type) {
	case *ft.MultipleMatchesError:
		return "matched " + strconv.FormatInt(e.MatchCount, 10) + " times"
	case *ft.StaleFileError, *ft.OldTextNotFoundError, *ft.OverlappingEditsError:
		return "re-read"
	case *ft.Unknown:
		return "not edit_file's: " + string(e.Received)
	default:
		return "report"
	}
}

func TestEachToolHasItsCodesAsData(t *testing.T) {
	want := []ft.Code{ft.CodeNotFound, ft.CodePermissionDenied, ft.CodeOutsideWorkspace, ft.CodeFileTooLarge,
		ft.CodeStaleFile, ft.CodeOldTextNotFound, ft.CodeMultipleMatches, ft.CodeOverlappingEdits, ft.CodeUnknown}
	if !slices.Equal(ft.EditFileTool.Codes, want) {
		t.Fatalf("edit_file's codes: %v", ft.EditFileTool.Codes)
	}
	if ft.EditFileTool.Declares(ft.CodeBinaryFile) || !ft.ReadFileTool.Declares(ft.CodeBinaryFile) {
		t.Fatal("binary_file is read_file's, not edit_file's")
	}
	names := []string{}
	for _, tool := range ft.Tools() {
		names = append(names, tool.Name)
	}
	if len(names) != 10 || names[0] != "read_file" || names[9] != "load_skill" {
		t.Fatalf("Tools(): %v", names)
	}
}

func TestParseTypesAResultToTheToolsCodes(t *testing.T) {
	matches := resultOf(t, ft.NewMultipleMatchesError(ft.MultipleMatchesArgs{Path: "src/server.ts", MatchCount: 3}))
	err := ft.ParseEditFileResult(matches)
	if _, ok := err.(*ft.MultipleMatchesError); !ok || recoverEdit(err) != "matched 3 times" {
		t.Fatalf("ParseEditFileResult: %#v", err)
	}
	if ft.ParseEditFileResult(json.RawMessage(`{"content": []}`)) != nil {
		t.Fatal("a success reports no error")
	}
}

func TestAnUndeclaredCodeIsAnUnknownWithItsPayload(t *testing.T) {
	binary := ft.NewBinaryFileError(ft.BinaryFileArgs{Path: "assets/logo.png"})
	result := resultOf(t, binary)
	err := ft.ParseEditFileResult(result)
	unknown, ok := err.(*ft.Unknown)
	if !ok || unknown.Received != ft.CodeBinaryFile || unknown.Message != binary.Message {
		t.Fatalf("ParseEditFileResult: %#v", err)
	}
	payload, _ := json.Marshal(unknown.Payload())
	want, _ := json.Marshal(binary.Payload())
	if string(payload) != string(want) || recoverEdit(err) != "not edit_file's: binary_file" {
		t.Fatalf("payload %s, want %s", payload, want)
	}
	if _, ok := ft.ParseReadFileResult(result).(*ft.BinaryFileError); !ok {
		t.Fatal("read_file declares binary_file")
	}
	if _, ok := ft.EditFileTool.ParseResult(result).(*ft.Unknown); !ok {
		t.Fatal("Tool.ParseResult narrows too")
	}
	if _, ok := ft.ParseResult(result).(*ft.BinaryFileError); !ok {
		t.Fatal("the catalog-wide ParseResult still types it")
	}
}
