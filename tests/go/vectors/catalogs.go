package main

import (
	"errgen.local/filetoolserrors"
	"errgen.local/napkinerrors"
	"errgen.local/tsi18nerrors"
	"errgen.local/tsmetaerrors"
	"errgen.local/tsnameserrors"
	"errgen.local/tsoptserrors"
	"errgen.local/tswireerrors"
	"errgen.local/workbookerrors"
)

// modules holds every catalog the vectors cover (the tests generate the ts* ones).
var modules = map[string]module{
	"napkin": api[napkinerrors.Error, napkinerrors.Code, napkinerrors.Kind, napkinerrors.Policy, *napkinerrors.Object, napkinerrors.Localized, napkinerrors.ToolError, *napkinerrors.Result, napkinerrors.LocalizedMessage]{
		napkinerrors.NewObject, napkinerrors.ErrTooDeep, napkinerrors.DecodeJSON, napkinerrors.ToJSON, napkinerrors.BuildError, napkinerrors.MapHTTP, napkinerrors.MapError, napkinerrors.ClassifyHTTP,
		napkinerrors.ClassifyFailure, napkinerrors.KindOf, napkinerrors.ClassifyCode, napkinerrors.IsRetryableCode, napkinerrors.IsTerminalCode,
		napkinerrors.NamedPolicy, napkinerrors.NewPolicy, napkinerrors.PolicyNames, napkinerrors.ParseResult, napkinerrors.ParseResultValue,
		func(name string, result any) napkinerrors.Error {
			tool, _ := napkinerrors.ToolNamed(name)
			return tool.ParseResultValue(result)
		},
		napkinerrors.Sanitize, napkinerrors.ScrubText,
		napkinerrors.Localize, napkinerrors.DescribeField, napkinerrors.ToResultIn, napkinerrors.ReadLocalizedMessage,
	}.module(),
	"workbook": api[workbookerrors.Error, workbookerrors.Code, workbookerrors.Kind, workbookerrors.Policy, *workbookerrors.Object, workbookerrors.Localized, workbookerrors.ToolError, *workbookerrors.Result, workbookerrors.LocalizedMessage]{
		workbookerrors.NewObject, workbookerrors.ErrTooDeep, workbookerrors.DecodeJSON, workbookerrors.ToJSON, workbookerrors.BuildError, workbookerrors.MapHTTP, workbookerrors.MapError, workbookerrors.ClassifyHTTP,
		workbookerrors.ClassifyFailure, workbookerrors.KindOf, workbookerrors.ClassifyCode, workbookerrors.IsRetryableCode, workbookerrors.IsTerminalCode,
		workbookerrors.NamedPolicy, workbookerrors.NewPolicy, workbookerrors.PolicyNames, workbookerrors.ParseResult, workbookerrors.ParseResultValue,
		func(name string, result any) workbookerrors.Error {
			tool, _ := workbookerrors.ToolNamed(name)
			return tool.ParseResultValue(result)
		},
		workbookerrors.Sanitize, workbookerrors.ScrubText,
		workbookerrors.Localize, workbookerrors.DescribeField, workbookerrors.ToResultIn, workbookerrors.ReadLocalizedMessage,
	}.module(),
	"filetools": api[filetoolserrors.Error, filetoolserrors.Code, filetoolserrors.Kind, filetoolserrors.Policy, *filetoolserrors.Object, filetoolserrors.Localized, filetoolserrors.ToolError, *filetoolserrors.Result, filetoolserrors.LocalizedMessage]{
		filetoolserrors.NewObject, filetoolserrors.ErrTooDeep, filetoolserrors.DecodeJSON, filetoolserrors.ToJSON, filetoolserrors.BuildError, filetoolserrors.MapHTTP, filetoolserrors.MapError, filetoolserrors.ClassifyHTTP,
		filetoolserrors.ClassifyFailure, filetoolserrors.KindOf, filetoolserrors.ClassifyCode, filetoolserrors.IsRetryableCode, filetoolserrors.IsTerminalCode,
		filetoolserrors.NamedPolicy, filetoolserrors.NewPolicy, filetoolserrors.PolicyNames, filetoolserrors.ParseResult, filetoolserrors.ParseResultValue,
		func(name string, result any) filetoolserrors.Error {
			tool, _ := filetoolserrors.ToolNamed(name)
			return tool.ParseResultValue(result)
		},
		filetoolserrors.Sanitize, filetoolserrors.ScrubText,
		filetoolserrors.Localize, filetoolserrors.DescribeField, filetoolserrors.ToResultIn, filetoolserrors.ReadLocalizedMessage,
	}.module(),
	"tsopts": api[tsoptserrors.Error, tsoptserrors.Code, tsoptserrors.Kind, tsoptserrors.Policy, *tsoptserrors.Object, tsoptserrors.Localized, tsoptserrors.ToolError, *tsoptserrors.Result, tsoptserrors.LocalizedMessage]{
		tsoptserrors.NewObject, tsoptserrors.ErrTooDeep, tsoptserrors.DecodeJSON, tsoptserrors.ToJSON, tsoptserrors.BuildError, tsoptserrors.MapHTTP, tsoptserrors.MapError, tsoptserrors.ClassifyHTTP,
		tsoptserrors.ClassifyFailure, tsoptserrors.KindOf, tsoptserrors.ClassifyCode, tsoptserrors.IsRetryableCode, tsoptserrors.IsTerminalCode,
		tsoptserrors.NamedPolicy, tsoptserrors.NewPolicy, tsoptserrors.PolicyNames, tsoptserrors.ParseResult, tsoptserrors.ParseResultValue,
		func(name string, result any) tsoptserrors.Error {
			tool, _ := tsoptserrors.ToolNamed(name)
			return tool.ParseResultValue(result)
		},
		tsoptserrors.Sanitize, tsoptserrors.ScrubText,
		tsoptserrors.Localize, tsoptserrors.DescribeField, tsoptserrors.ToResultIn, tsoptserrors.ReadLocalizedMessage,
	}.module(),
	"tsmeta": api[tsmetaerrors.Error, tsmetaerrors.Code, tsmetaerrors.Kind, tsmetaerrors.Policy, *tsmetaerrors.Object, tsmetaerrors.Localized, tsmetaerrors.ToolError, *tsmetaerrors.Result, tsmetaerrors.LocalizedMessage]{
		tsmetaerrors.NewObject, tsmetaerrors.ErrTooDeep, tsmetaerrors.DecodeJSON, tsmetaerrors.ToJSON, tsmetaerrors.BuildError, tsmetaerrors.MapHTTP, tsmetaerrors.MapError, tsmetaerrors.ClassifyHTTP,
		tsmetaerrors.ClassifyFailure, tsmetaerrors.KindOf, tsmetaerrors.ClassifyCode, tsmetaerrors.IsRetryableCode, tsmetaerrors.IsTerminalCode,
		tsmetaerrors.NamedPolicy, tsmetaerrors.NewPolicy, tsmetaerrors.PolicyNames, tsmetaerrors.ParseResult, tsmetaerrors.ParseResultValue,
		func(name string, result any) tsmetaerrors.Error {
			tool, _ := tsmetaerrors.ToolNamed(name)
			return tool.ParseResultValue(result)
		},
		tsmetaerrors.Sanitize, tsmetaerrors.ScrubText,
		tsmetaerrors.Localize, tsmetaerrors.DescribeField, tsmetaerrors.ToResultIn, tsmetaerrors.ReadLocalizedMessage,
	}.module(),
	"tsnames": api[tsnameserrors.Error, tsnameserrors.Code, tsnameserrors.Kind, tsnameserrors.Policy, *tsnameserrors.Object, tsnameserrors.Localized, tsnameserrors.ToolError, *tsnameserrors.Result, tsnameserrors.LocalizedMessage]{
		tsnameserrors.NewObject, tsnameserrors.ErrTooDeep, tsnameserrors.DecodeJSON, tsnameserrors.ToJSON, tsnameserrors.BuildError, tsnameserrors.MapHTTP, tsnameserrors.MapError, tsnameserrors.ClassifyHTTP,
		tsnameserrors.ClassifyFailure, tsnameserrors.KindOf, tsnameserrors.ClassifyCode, tsnameserrors.IsRetryableCode, tsnameserrors.IsTerminalCode,
		tsnameserrors.NamedPolicy, tsnameserrors.NewPolicy, tsnameserrors.PolicyNames, tsnameserrors.ParseResult, tsnameserrors.ParseResultValue,
		func(name string, result any) tsnameserrors.Error {
			tool, _ := tsnameserrors.ToolNamed(name)
			return tool.ParseResultValue(result)
		},
		tsnameserrors.Sanitize, tsnameserrors.ScrubText,
		tsnameserrors.Localize, tsnameserrors.DescribeField, tsnameserrors.ToResultIn, tsnameserrors.ReadLocalizedMessage,
	}.module(),
	"tswire": api[tswireerrors.Error, tswireerrors.Code, tswireerrors.Kind, tswireerrors.Policy, *tswireerrors.Object, tswireerrors.Localized, tswireerrors.ToolError, *tswireerrors.Result, tswireerrors.LocalizedMessage]{
		tswireerrors.NewObject, tswireerrors.ErrTooDeep, tswireerrors.DecodeJSON, tswireerrors.ToJSON, tswireerrors.BuildError, tswireerrors.MapHTTP, tswireerrors.MapError, tswireerrors.ClassifyHTTP,
		tswireerrors.ClassifyFailure, tswireerrors.KindOf, tswireerrors.ClassifyCode, tswireerrors.IsRetryableCode, tswireerrors.IsTerminalCode,
		tswireerrors.NamedPolicy, tswireerrors.NewPolicy, tswireerrors.PolicyNames, tswireerrors.ParseResult, tswireerrors.ParseResultValue,
		func(name string, result any) tswireerrors.Error {
			tool, _ := tswireerrors.ToolNamed(name)
			return tool.ParseResultValue(result)
		},
		tswireerrors.Sanitize, tswireerrors.ScrubText,
		tswireerrors.Localize, tswireerrors.DescribeField, tswireerrors.ToResultIn, tswireerrors.ReadLocalizedMessage,
	}.module(),
	"tsi18n": api[tsi18nerrors.Error, tsi18nerrors.Code, tsi18nerrors.Kind, tsi18nerrors.Policy, *tsi18nerrors.Object, tsi18nerrors.Localized, tsi18nerrors.ToolError, *tsi18nerrors.Result, tsi18nerrors.LocalizedMessage]{
		tsi18nerrors.NewObject, tsi18nerrors.ErrTooDeep, tsi18nerrors.DecodeJSON, tsi18nerrors.ToJSON, tsi18nerrors.BuildError, tsi18nerrors.MapHTTP, tsi18nerrors.MapError, tsi18nerrors.ClassifyHTTP,
		tsi18nerrors.ClassifyFailure, tsi18nerrors.KindOf, tsi18nerrors.ClassifyCode, tsi18nerrors.IsRetryableCode, tsi18nerrors.IsTerminalCode,
		tsi18nerrors.NamedPolicy, tsi18nerrors.NewPolicy, tsi18nerrors.PolicyNames, tsi18nerrors.ParseResult, tsi18nerrors.ParseResultValue,
		func(name string, result any) tsi18nerrors.Error {
			tool, _ := tsi18nerrors.ToolNamed(name)
			return tool.ParseResultValue(result)
		},
		tsi18nerrors.Sanitize, tsi18nerrors.ScrubText,
		tsi18nerrors.Localize, tsi18nerrors.DescribeField, tsi18nerrors.ToResultIn, tsi18nerrors.ReadLocalizedMessage,
	}.module(),
}
