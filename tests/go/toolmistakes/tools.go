//go:build toolmistakes

// Package toolmistakes holds a deliberate mistake the compiler must reject (built only with
// -tags toolmistakes, by tests/go/test_go_package.py): a type switch over edit_file's errors
// that names the struct of binary_file, a code only read_file returns.
package toolmistakes

import ft "errgen.local/filetoolserrors"

// Hint names a case edit_file can never return.
func Hint(err ft.EditFileToolError) string {
	switch err.(type) {
	case *ft.BinaryFileError:
		return "re-read with allowBinary"
	}
	return ""
}
