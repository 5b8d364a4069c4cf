package main

import (
	"bytes"
	"encoding/hex"
	"math"
	"net/http"
	"strings"
)

// testCase is one case: its fields as JSON texts, by their keys' JSON texts, and the fields a
// "make" built (host values).
type testCase struct {
	fields map[string]string
	made   map[string]any
	m      module
}

// raw returns the JSON text of field name ("" when absent).
func (c testCase) raw(name string) string {
	return c.fields[`"`+name+`"`]
}

// value returns field name as JSON data, nil when absent (a host value: any depth).
func (c testCase) value(name string) any {
	if value, ok := c.made[name]; ok {
		return value
	}
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
	_, made := c.made[name]
	return ok || made
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
// null is the body, in place of the body (rule 10: the dynamic languages' two-argument form).
func (c testCase) messageAndBody() (string, any) {
	body := c.value("body")
	switch message := c.value("message").(type) {
	case string:
		return message, body
	case nil:
		return "", body
	default:
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
	if given, ok := c.value("values").(jsonObject); ok {
		for _, name := range given.Keys() {
			values[name], _ = given.Get(name)
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

// bytes returns the bytes field name spells: a list of parts, each {"text": s} (its UTF-8) or
// {"hex": h}, repeated "times" times (default 1).
func (c testCase) bytes(name string) []byte {
	parts, _ := c.value(name).([]any)
	var out []byte
	for _, part := range parts {
		p, _ := part.(jsonObject)
		var piece []byte
		if text, ok := p.Get("text"); ok {
			s, _ := text.(string)
			piece = []byte(s)
		} else if h, ok := p.Get("hex"); ok {
			s, _ := h.(string)
			piece, _ = hex.DecodeString(s)
		}
		times := 1
		if n, ok := p.Get("times"); ok {
			f, _ := n.(float64)
			times = int(f)
		}
		out = append(out, bytes.Repeat(piece, times)...)
	}
	return out
}

// expand builds the case's "make" values: `nest` arrays (objects under `key`) around `leaf`, or
// the string of the `text` parts, each set at its path `at` (a field, then keys and indexes).
func (c *testCase) expand() {
	makes, _ := c.value("make").([]any)
	c.made = map[string]any{}
	for _, entry := range makes {
		spec, _ := entry.(jsonObject)
		at, _ := spec.Get("at")
		path, _ := at.([]any)
		var value any
		if _, isText := spec.Get("text"); isText {
			holder := testCase{made: map[string]any{"parts": must(spec.Get("text"))}, m: c.m}
			value = string(holder.bytes("parts"))
		} else {
			value = c.nest(spec)
		}
		c.set(path, value)
	}
}

func must(value any, _ bool) any {
	return value
}

// nest returns `nest` arrays (objects under `key`) around `leaf`.
func (c testCase) nest(spec jsonObject) any {
	value, _ := spec.Get("leaf")
	levels, _ := spec.Get("nest")
	key, keyed := spec.Get("key")
	n, _ := levels.(float64)
	for range int(n) {
		if keyed {
			o := c.m.newObject()
			o.Set(key.(string), value)
			value = o
		} else {
			value = []any{value}
		}
	}
	return value
}

// set puts value at path: the field path[0], then keys (of objects) and indexes (of arrays).
func (c *testCase) set(path []any, value any) {
	field, _ := path[0].(string)
	if len(path) == 1 {
		c.made[field] = value
		return
	}
	root := c.value(field)
	c.made[field] = root
	target := root
	for i, step := range path[1:] {
		last := i == len(path)-2
		switch t := target.(type) {
		case jsonObject:
			key, _ := step.(string)
			if last {
				t.Set(key, value)
				return
			}
			target, _ = t.Get(key)
		case []any:
			index, _ := step.(float64)
			if last {
				t[int(index)] = value
				return
			}
			target = t[int(index)]
		}
	}
}
