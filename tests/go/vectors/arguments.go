package main

import (
	"math"
	"net/http"
	"strings"
)

// testCase is one case: its fields as JSON texts, by their keys' JSON texts.
type testCase struct {
	fields map[string]string
	m      module
}

// raw returns the JSON text of field name ("" when absent).
func (c testCase) raw(name string) string {
	return c.fields[`"`+name+`"`]
}

// value returns field name as JSON data, nil when absent (a host value: any depth).
func (c testCase) value(name string) any {
	raw, ok := c.fields[`"`+name+`"`]
	if !ok {
		return nil
	}
	return c.hostValue(raw)
}

// hostValue reads JSON text as a host builds a value: with the package's DecodeJSON, or, for a
// text deeper than it reads, level by level (objects as the package's *Object, in key order).
func (c testCase) hostValue(text string) any {
	if value := c.m.decode(text); value != nil || strings.TrimSpace(text) == "null" {
		return value
	}
	if items, err := elementsOf(text); err == nil {
		out := make([]any, len(items))
		for i, item := range items {
			out[i] = c.hostValue(item)
		}
		return out
	}
	keys, values, err := membersOf(text)
	if err != nil {
		fail("a case holds text that is not JSON:", text)
	}
	object := c.m.newObject()
	for _, key := range keys {
		name, _ := c.m.decode(key).(string)
		object.Set(name, c.hostValue(values[key]))
	}
	return object
}

// has reports whether the case has field name.
func (c testCase) has(name string) bool {
	_, ok := c.fields[`"`+name+`"`]
	return ok
}

// text returns field name when it is a string, else "".
func (c testCase) text(name string) string {
	text, _ := c.value(name).(string)
	return text
}

// flag returns field name when it is a boolean, else false.
func (c testCase) flag(name string) bool {
	flag, _ := c.value(name).(bool)
	return flag
}

// status returns the HTTP status as the Go API takes it (an int): a JSON number that is an
// integer (runtime contract, rule 1) as that int; anything else (a string, a fraction, a number
// beyond 2^53, a boolean) as 0, which no rule matches (the runtime maps statuses outside
// 100..599 to the default).
func (c testCase) status() int {
	f, ok := c.value("status").(float64)
	if !ok || f != math.Trunc(f) || math.Abs(f) > 9007199254740991 {
		return 0
	}
	return int(f)
}

// messageAndBody returns map_http's message and body: a message that is neither a string nor
// null is the body (rule 10: the dynamic languages' two-argument form).
func (c testCase) messageAndBody() (string, any) {
	body := c.value("body")
	switch message := c.value("message").(type) {
	case string:
		return message, body
	case nil:
		return "", body
	default:
		if c.has("body") && body != nil {
			return "", body
		}
		return "", message
	}
}

// headers returns the headers as an http.Header (names as given: HasRetryAfter ignores letter
// case); a value that is not a string is written as JSON.
func (c testCase) headers() http.Header {
	if !c.has("headers") {
		return nil
	}
	keys, values, err := membersOf(c.raw("headers"))
	if err != nil {
		return http.Header{}
	}
	header := http.Header{}
	for _, key := range keys {
		name, _ := c.m.decode(key).(string)
		value := c.m.decode(values[key])
		text, isText := value.(string)
		if !isText {
			text = c.m.toJSON(value)
		}
		header[name] = []string{text}
	}
	return header
}

// buildValues returns build's wire-named values, and the retriable flag under its key.
func (c testCase) buildValues() map[string]any {
	values := map[string]any{}
	if keys, raws, err := membersOf(c.raw("values")); err == nil {
		for _, key := range keys {
			name, _ := c.m.decode(key).(string)
			values[name] = c.hostValue(raws[key])
		}
	}
	if c.has("retriable") && c.value("retriable") != nil {
		values[c.text("retriable_key")] = c.value("retriable")
	}
	return values
}

// object writes a JSON object whose keys are in the given order (none is an array index).
func object(toJSON func(any) string, pairs ...any) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i < len(pairs); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(toJSON(pairs[i]))
		b.WriteByte(':')
		b.WriteString(pairs[i+1].(string))
	}
	b.WriteByte('}')
	return b.String()
}
