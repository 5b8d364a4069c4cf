package main

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"syscall"
)

// The runtime-contract's exceptions, as Go errors of the same names whose chains hold what a
// Go program meets: a deadline (TimeoutError), a refused connection (TypeError, fetch's network
// failure), a JSON syntax error (SyntaxError) and anything else (RangeError).
type (
	TimeoutError struct{}
	TypeError    struct{}
	SyntaxError  struct{}
	RangeError   struct{}
)

func (TimeoutError) Error() string { return "boom" }
func (TypeError) Error() string    { return "boom" }
func (SyntaxError) Error() string  { return "boom" }
func (RangeError) Error() string   { return "boom" }

func (TimeoutError) Unwrap() error { return context.DeadlineExceeded }
func (TypeError) Unwrap() error {
	return &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
}
func (SyntaxError) Unwrap() error {
	var v any
	return json.Unmarshal([]byte("{"), &v)
}

func thrown(name string) error {
	switch name {
	case "TimeoutError":
		return &TimeoutError{}
	case "TypeError":
		return &TypeError{}
	case "SyntaxError":
		return &SyntaxError{}
	case "RangeError":
		return &RangeError{}
	}
	return errors.New(name)
}
