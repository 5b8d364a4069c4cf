//go:build mistakes

// Package mistakes holds deliberate mistakes the checkers must reject (built only with
// -tags mistakes, by tests/go/test_go_package.py): a deprecated code's constructor in use.
package mistakes

import "errgen.local/tsoptserrors"

// Old builds the deprecated old_code error: staticcheck reports SA1019.
func Old() error {
	return tsoptserrors.NewOldCodeError()
}
