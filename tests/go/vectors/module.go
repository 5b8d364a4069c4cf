package main

import (
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
)

// module is one generated catalog package, as the cases use it (every answer as JSON text).
type module struct {
	decode          func(string) any
	newObject       func() jsonObject
	toJSON          func(any) string
	kind            func(string) string
	build           func(code string, values map[string]any) (string, error)
	mapHTTP         func(status int, message string, body any, header http.Header) string
	mapError        func(err error) string
	classifyHTTP    func(status int, retryAfter bool) string
	classifyFailure func(failure string) string
	code            func(code string) string
	parse           func(result any, key string) string
	parseBytes      func(data []byte, key string) string
	toolParse       func(tool string, result any, key string) string
	sanitize        func(any) any
	scrub           func(string) string
	localize        func(code, locale string, values map[string]any) string
	describe        func(field, locale string) string
	localizedResult func(code, locale string, values map[string]any) string
}

// object is a package's *Object.
type jsonObject interface {
	Set(key string, value any)
	Get(key string) (any, bool)
	Keys() []string
}

// policy is what the cases use of a package's Policy.
type policy[K ~string, P any] interface {
	WithTerminalKind(K) P
	ClassifiesTerminal(K) bool
}

// api is the slice of a generated package the cases use; E is its Error, C its Code, K its Kind.
type api[E error, C ~string, K ~string, P policy[K, P], O jsonObject, L, T, R, M any] struct {
	NewObject        func() O
	ErrTooDeep       error
	DecodeJSON       func([]byte) (any, error)
	ToJSON           func(any) string
	BuildError       func(C, map[string]any) (E, error)
	MapHTTP          func(int, string, any, http.Header) E
	MapError         func(error) E
	ClassifyHTTP     func(int, bool) K
	ClassifyFailure  func(string) K
	KindOf           func(C) K
	ClassifyCode     func(C) K
	IsRetryableCode  func(C) bool
	IsTerminalCode   func(C, P) bool
	NamedPolicy      func(string) (P, bool)
	NewPolicy        func() P
	PolicyNames      func() []string
	ParseResult      func(json.RawMessage) E
	ParseResultValue func(any) E
	ToolParse        func(string, any) E // the result of the tool named by the string, typed to its codes
	Sanitize         func(any) any
	ScrubText        func(string) string
	Localize         func(C, string, map[string]any) (L, bool)
	DescribeField    func(string, string) (string, bool)
	ToResultIn       func(T, string) R
	ReadLocalized    func(any) (M, bool)
}

func (a api[E, C, K, P, O, L, T, R, M]) module() module {
	kind := func(k string) string {
		if k == "" {
			return "null"
		}
		return a.ToJSON(k)
	}
	parsed := func(e E, key string) string {
		if isNil(e) {
			return "null"
		}
		v := reflect.ValueOf(e).Elem()
		if v.Type().Name() == "Unknown" {
			return object(a.ToJSON, "known", "false", key, a.ToJSON(v.FieldByName("Received").String()),
				"message", a.ToJSON(v.FieldByName("Message").String()), "payload", a.ToJSON(v.FieldByName("Raw").Interface()))
		}
		return object(a.ToJSON, "known", "true", "payload", a.ToJSON(e))
	}
	envelope := func(e E) string {
		if isNil(e) {
			return "null"
		}
		method := reflect.ValueOf(e).MethodByName("ToJSONRPCError")
		if !method.IsValid() {
			method = reflect.ValueOf(e).MethodByName("ToResult")
		}
		return a.ToJSON(method.Call(nil)[0].Interface())
	}
	boolean := func(b bool) string { return a.ToJSON(b) }
	return module{
		decode: func(raw string) any {
			value, err := a.DecodeJSON([]byte(raw))
			if errors.Is(err, a.ErrTooDeep) {
				return nil // the caller reads it level by level (hostValue)
			}
			if err != nil {
				fail("a case holds text that is not JSON:", err)
			}
			return value
		},
		newObject: func() jsonObject { return a.NewObject() },
		toJSON:    a.ToJSON,
		kind:      kind,
		build: func(code string, values map[string]any) (string, error) {
			e, err := a.BuildError(C(code), values)
			if err != nil {
				return "", err
			}
			return envelope(e), nil
		},
		mapHTTP: func(status int, message string, body any, header http.Header) string {
			return envelope(a.MapHTTP(status, message, body, header))
		},
		mapError:        func(err error) string { return envelope(a.MapError(err)) },
		classifyHTTP:    func(status int, retryAfter bool) string { return string(a.ClassifyHTTP(status, retryAfter)) },
		classifyFailure: func(failure string) string { return string(a.ClassifyFailure(failure)) },
		code: func(code string) string {
			var terminal, values []any
			for _, name := range a.PolicyNames() {
				named, _ := a.NamedPolicy(name)
				terminal = append(terminal, name, boolean(a.IsTerminalCode(C(code), named)))
				values = append(values, name, boolean(named.ClassifiesTerminal(a.ClassifyCode(C(code)))))
			}
			classified := a.ClassifyCode(C(code))
			grown := "null"
			if classified != "" {
				grown = boolean(a.NewPolicy().WithTerminalKind(classified).ClassifiesTerminal(classified))
			}
			return object(a.ToJSON, "kind", kind(string(a.KindOf(C(code)))), "classify", kind(string(classified)),
				"retryable", boolean(a.IsRetryableCode(C(code))), "terminal", object(a.ToJSON, terminal...),
				"values", object(a.ToJSON, values...), "grown", grown)
		},
		parse: func(result any, key string) string {
			return parsed(a.ParseResultValue(result), key)
		},
		parseBytes: func(data []byte, key string) string {
			return parsed(a.ParseResult(json.RawMessage(data)), key)
		},
		toolParse: func(tool string, result any, key string) string {
			return parsed(a.ToolParse(tool, result), key)
		},
		sanitize: a.Sanitize,
		scrub:    func(text string) string { return a.ScrubText(text) },
		localize: func(code, locale string, values map[string]any) string {
			found, ok := a.Localize(C(code), locale, values)
			if !ok {
				fail("not a code of the catalog:", code)
			}
			v := reflect.ValueOf(found)
			field := func(name string) string { return a.ToJSON(v.FieldByName(name).String()) }
			return object(a.ToJSON, "locale", field("Locale"), "message", field("Message"), "title", field("Title"),
				"ui_meaning", field("UIMeaning"), "next_action", field("NextAction"))
		},
		describe: func(field, locale string) string {
			text, ok := a.DescribeField(field, locale)
			if !ok {
				return "null"
			}
			return a.ToJSON(text)
		},
		localizedResult: func(code, locale string, values map[string]any) string {
			e, err := a.BuildError(C(code), values)
			if err != nil {
				fail("a case's error does not build:", err)
			}
			tool, ok := any(e).(T)
			if !ok {
				fail("not a tool-channel error:", code)
			}
			result := a.ToResultIn(tool, locale)
			parsed := a.ParseResultValue(result)
			known := !isNil(parsed) && reflect.ValueOf(parsed).Elem().Type().Name() != "Unknown"
			member := "null"
			if found, ok := a.ReadLocalized(result); ok {
				v := reflect.ValueOf(found)
				member = object(a.ToJSON, "locale", a.ToJSON(v.FieldByName("Locale").String()),
					"message", a.ToJSON(v.FieldByName("Message").String()))
			}
			return object(a.ToJSON, "result", a.ToJSON(result), "known", boolean(known), "member", member)
		},
	}
}

func isNil(e any) bool {
	v := reflect.ValueOf(e)
	return !v.IsValid() || (v.Kind() == reflect.Pointer && v.IsNil())
}
