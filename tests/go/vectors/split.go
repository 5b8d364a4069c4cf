package main

import (
	"errors"
	"strings"
)

// The cases arrive as one JSON text; each field of a case is cut out as its own JSON text and read
// by the catalog's DecodeJSON (or passed on as text), so a field may hold any JSON value at any
// depth. The cutting is a scan with a depth counter: it never recurses.

var errCut = errors.New("vectors: malformed JSON")

// elementsOf returns the JSON texts of the elements of the array `text`.
func elementsOf(text string) ([]string, error) {
	inner, err := body(text, '[', ']')
	if err != nil {
		return nil, err
	}
	var out []string
	for inner != "" {
		value, rest, err := cutValue(inner)
		if err != nil {
			return nil, err
		}
		out = append(out, value)
		inner, err = afterComma(rest)
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// membersOf returns the JSON texts of the members of the object `text`, by their keys' JSON texts.
func membersOf(text string) (keys []string, values map[string]string, err error) {
	inner, err := body(text, '{', '}')
	if err != nil {
		return nil, nil, err
	}
	values = map[string]string{}
	for inner != "" {
		key, rest, err := cutValue(inner)
		if err != nil || !strings.HasPrefix(key, `"`) {
			return nil, nil, errCut
		}
		rest = strings.TrimLeft(rest, " \t\r\n")
		if !strings.HasPrefix(rest, ":") {
			return nil, nil, errCut
		}
		value, rest, err := cutValue(rest[1:])
		if err != nil {
			return nil, nil, err
		}
		keys = append(keys, key)
		values[key] = value
		if inner, err = afterComma(rest); err != nil {
			return nil, nil, err
		}
	}
	return keys, values, nil
}

func body(text string, open, close byte) (string, error) {
	text = strings.Trim(text, " \t\r\n")
	if len(text) < 2 || text[0] != open || text[len(text)-1] != close {
		return "", errCut
	}
	return strings.Trim(text[1:len(text)-1], " \t\r\n"), nil
}

func afterComma(rest string) (string, error) {
	rest = strings.TrimLeft(rest, " \t\r\n")
	if rest == "" {
		return "", nil
	}
	if rest[0] != ',' {
		return "", errCut
	}
	return strings.TrimLeft(rest[1:], " \t\r\n"), nil
}

// cutValue returns the first JSON value of text and what follows it.
func cutValue(text string) (value, rest string, err error) {
	text = strings.TrimLeft(text, " \t\r\n")
	depth, inString := 0, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
			if !inString && depth == 0 {
				return text[:i+1], text[i+1:], nil
			}
		case inString:
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
			if depth == 0 {
				return text[:i+1], text[i+1:], nil
			}
			if depth < 0 {
				return text[:i], text[i:], nil
			}
		case depth == 0 && (c == ',' || c == ' ' || c == '\n' || c == '\t' || c == '\r'):
			return text[:i], text[i:], nil
		}
	}
	if depth != 0 || inString || text == "" {
		return "", "", errCut
	}
	return text, "", nil
}
