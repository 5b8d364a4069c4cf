//go:build linearprobe

// Command probe times the Go runtime's sanitizer rules on growing adversarial inputs, as
// tests/hostile/linear_probe.py does for Python: the spec on stdin, one JSON line per input.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"

	"errgen.local/linear/errgenrt"
)

type spec struct {
	Rule   json.RawMessage `json:"rule"` // a rule's index, or "scrub_text"
	Inputs [][3]string     `json:"inputs"`
	Sizes  []int           `json:"sizes"`
	Bound  float64         `json:"bound"`
	Floor  float64         `json:"floor"`
}

func text(kind, a, b string, size int) string {
	unit, head, tail := a, "", ""
	if kind == "pair" {
		unit = a + b
	} else if kind == "pump" {
		unit, head, tail = b, a, "!"
	}
	body := size - len([]rune(head)) - len([]rune(tail))
	repeated := []rune(strings.Repeat(unit, body/len([]rune(unit))+1))
	return head + string(repeated[:body]) + tail
}

func cpu() float64 {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		panic(err)
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano()).Seconds()
}

func best(run func(string) string, value string, runs int) float64 {
	least := -1.0
	for i := 0; i < runs; i++ {
		start := cpu()
		run(value)
		if elapsed := cpu() - start; least < 0 || elapsed < least {
			least = elapsed
		}
	}
	return least
}

func main() {
	var s spec
	if err := json.NewDecoder(os.Stdin).Decode(&s); err != nil {
		panic(err)
	}
	run := errgenrt.ScrubText
	var index int
	if json.Unmarshal(s.Rule, &index) == nil {
		run = func(value string) string { return errgenrt.ApplyRule(index, value) }
	}
	for _, input := range s.Inputs {
		var times []float64
		linear := true
		for n, size := range s.Sizes {
			value := text(input[0], input[1], input[2], size)
			elapsed := best(run, value, 1)
			// A steep step is timed again, interleaved, up to three rounds (see linear_probe.py).
			steep := n > 0 && elapsed > s.Bound*max(times[n-1], s.Floor)
			for round := 0; steep && round < 3; round++ {
				times[n-1] = min(times[n-1], best(run, text(input[0], input[1], input[2], s.Sizes[n-1]), 1))
				elapsed = min(elapsed, best(run, value, 1))
				growth := elapsed / max(times[n-1], s.Floor)
				if growth <= s.Bound || growth >= 3*s.Bound {
					break
				}
			}
			times = append(times, elapsed)
			if n > 0 && elapsed > s.Bound*max(times[n-1], s.Floor) {
				linear = false
				break
			}
		}
		line, _ := json.Marshal(map[string]any{"input": input, "times": times, "linear": linear})
		fmt.Println(string(line))
	}
}
