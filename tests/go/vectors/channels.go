package main

import (
	"reflect"

	"errgen.local/filetoolserrors"
	"errgen.local/napkinerrors"
	"errgen.local/tsi18nerrors"
	"errgen.local/tsmetaerrors"
	"errgen.local/tsnameserrors"
	"errgen.local/tsoptserrors"
	"errgen.local/tswireerrors"
	"errgen.local/workbookerrors"
)

// occurrence has the fields of a package's Occurrence (an alias of the runtime's), in order.
type occurrence = struct {
	Instance      string
	RetryAfterMs  int64
	HasRetryAfter bool
	NowMs         int64
}

// channelAPI is the slice of a generated package the channel cases use (docs/runtime-contract.md
// §8): E its Error, C its Code, T its ToolError, O its Occurrence, F its ToolFailure, J its *Object
// and R its *Result.
type channelAPI[E error, C ~string, T any, O ~occurrence, F any, J any, R any] struct {
	BuildError        func(C, map[string]any) (E, error)
	ParseResultValue  func(any) E
	ToProblem         func(E, O) J
	ToStatus          func(E, O) J
	ToResultWith      func(T, O) R
	ParseProblemValue func(any) E
	ParseStatusValue  func(any) E
	ToolFailureOf     func(any) *F
	ToJSON            func(any) string
}

// channels runs one channel case: an error (built, or parsed from a result) as a problem document,
// a Status or a result with options; a document or Status read back; a result's toolFailure.
func (a channelAPI[E, C, T, O, F, J, R]) run(c testCase) string {
	switch c.text("op") {
	case "parse_problem":
		return a.parsed(a.ParseProblemValue(c.value("document")), c.text("key"))
	case "parse_status":
		return a.parsed(a.ParseStatusValue(c.value("status")), c.text("key"))
	case "tool_failure":
		found := a.ToolFailureOf(c.value("result"))
		if found == nil {
			return "null"
		}
		return a.ToJSON(found)
	}
	var e E
	if c.has("result") {
		e = a.ParseResultValue(c.value("result"))
	} else {
		built, err := a.BuildError(C(c.text("code")), c.buildValues())
		if err != nil {
			fail("building", c.text("code"), err)
		}
		e = built
	}
	o := occurrence{Instance: c.text("instance")}
	if delay, ok := c.value("retry_after_ms").(float64); ok {
		o.RetryAfterMs, o.HasRetryAfter = int64(delay), true
	}
	if now, ok := c.value("now_ms").(float64); ok {
		o.NowMs = int64(now)
	}
	switch c.text("op") {
	case "problem":
		return a.ToJSON(a.ToProblem(e, O(o)))
	case "status":
		return a.ToJSON(a.ToStatus(e, O(o)))
	}
	tool, ok := any(e).(T)
	if !ok {
		fail("not a tool error:", e)
	}
	return a.ToJSON(a.ToResultWith(tool, O(o)))
}

func (a channelAPI[E, C, T, O, F, J, R]) parsed(e E, key string) string {
	v := reflect.ValueOf(e).Elem()
	if v.Type().Name() == "Unknown" {
		return object(a.ToJSON, "known", "false", key, a.ToJSON(v.FieldByName("Received").String()),
			"message", a.ToJSON(v.FieldByName("Message").String()), "payload", a.ToJSON(v.FieldByName("Raw").Interface()))
	}
	return object(a.ToJSON, "known", "true", "payload", a.ToJSON(e))
}

// channelModules holds the channel API of every catalog the vectors cover.
var channelModules = map[string]func(testCase) string{
	"napkin": channelAPI[napkinerrors.Error, napkinerrors.Code, napkinerrors.ToolError, napkinerrors.Occurrence, napkinerrors.ToolFailure, *napkinerrors.Object, *napkinerrors.Result]{
		napkinerrors.BuildError, napkinerrors.ParseResultValue, napkinerrors.ToProblem, napkinerrors.ToStatus, napkinerrors.ToResultWith,
		napkinerrors.ParseProblemValue, napkinerrors.ParseStatusValue, napkinerrors.ToolFailureOf, napkinerrors.ToJSON,
	}.run,
	"workbook": channelAPI[workbookerrors.Error, workbookerrors.Code, workbookerrors.ToolError, workbookerrors.Occurrence, workbookerrors.ToolFailure, *workbookerrors.Object, *workbookerrors.Result]{
		workbookerrors.BuildError, workbookerrors.ParseResultValue, workbookerrors.ToProblem, workbookerrors.ToStatus, workbookerrors.ToResultWith,
		workbookerrors.ParseProblemValue, workbookerrors.ParseStatusValue, workbookerrors.ToolFailureOf, workbookerrors.ToJSON,
	}.run,
	"filetools": channelAPI[filetoolserrors.Error, filetoolserrors.Code, filetoolserrors.ToolError, filetoolserrors.Occurrence, filetoolserrors.ToolFailure, *filetoolserrors.Object, *filetoolserrors.Result]{
		filetoolserrors.BuildError, filetoolserrors.ParseResultValue, filetoolserrors.ToProblem, filetoolserrors.ToStatus, filetoolserrors.ToResultWith,
		filetoolserrors.ParseProblemValue, filetoolserrors.ParseStatusValue, filetoolserrors.ToolFailureOf, filetoolserrors.ToJSON,
	}.run,
	"tsopts": channelAPI[tsoptserrors.Error, tsoptserrors.Code, tsoptserrors.ToolError, tsoptserrors.Occurrence, tsoptserrors.ToolFailure, *tsoptserrors.Object, *tsoptserrors.Result]{
		tsoptserrors.BuildError, tsoptserrors.ParseResultValue, tsoptserrors.ToProblem, tsoptserrors.ToStatus, tsoptserrors.ToResultWith,
		tsoptserrors.ParseProblemValue, tsoptserrors.ParseStatusValue, tsoptserrors.ToolFailureOf, tsoptserrors.ToJSON,
	}.run,
	"tsmeta": channelAPI[tsmetaerrors.Error, tsmetaerrors.Code, tsmetaerrors.ToolError, tsmetaerrors.Occurrence, tsmetaerrors.ToolFailure, *tsmetaerrors.Object, *tsmetaerrors.Result]{
		tsmetaerrors.BuildError, tsmetaerrors.ParseResultValue, tsmetaerrors.ToProblem, tsmetaerrors.ToStatus, tsmetaerrors.ToResultWith,
		tsmetaerrors.ParseProblemValue, tsmetaerrors.ParseStatusValue, tsmetaerrors.ToolFailureOf, tsmetaerrors.ToJSON,
	}.run,
	"tsnames": channelAPI[tsnameserrors.Error, tsnameserrors.Code, tsnameserrors.ToolError, tsnameserrors.Occurrence, tsnameserrors.ToolFailure, *tsnameserrors.Object, *tsnameserrors.Result]{
		tsnameserrors.BuildError, tsnameserrors.ParseResultValue, tsnameserrors.ToProblem, tsnameserrors.ToStatus, tsnameserrors.ToResultWith,
		tsnameserrors.ParseProblemValue, tsnameserrors.ParseStatusValue, tsnameserrors.ToolFailureOf, tsnameserrors.ToJSON,
	}.run,
	"tswire": channelAPI[tswireerrors.Error, tswireerrors.Code, tswireerrors.ToolError, tswireerrors.Occurrence, tswireerrors.ToolFailure, *tswireerrors.Object, *tswireerrors.Result]{
		tswireerrors.BuildError, tswireerrors.ParseResultValue, tswireerrors.ToProblem, tswireerrors.ToStatus, tswireerrors.ToResultWith,
		tswireerrors.ParseProblemValue, tswireerrors.ParseStatusValue, tswireerrors.ToolFailureOf, tswireerrors.ToJSON,
	}.run,
	"tsi18n": channelAPI[tsi18nerrors.Error, tsi18nerrors.Code, tsi18nerrors.ToolError, tsi18nerrors.Occurrence, tsi18nerrors.ToolFailure, *tsi18nerrors.Object, *tsi18nerrors.Result]{
		tsi18nerrors.BuildError, tsi18nerrors.ParseResultValue, tsi18nerrors.ToProblem, tsi18nerrors.ToStatus, tsi18nerrors.ToResultWith,
		tsi18nerrors.ParseProblemValue, tsi18nerrors.ParseStatusValue, tsi18nerrors.ToolFailureOf, tsi18nerrors.ToJSON,
	}.run,
}
