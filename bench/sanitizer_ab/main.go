// Command sanitizerab is the Go driver of bench/sanitizer_ab.py: ScrubText of two runtimes (the
// packages before and after), interleaved round by round on the texts of the spec on stdin; it
// prints their CPU times (seconds).
package main

import (
	"encoding/json"
	"os"
	"syscall"
	"time"

	after "errgen.bench/sanitizer/after"
	before "errgen.bench/sanitizer/before"
)

type spec struct {
	Texts  []string `json:"texts"`
	Rounds int      `json:"rounds"`
}

func cpu(run func(string) string, text string) float64 {
	var start, end syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &start)
	run(text)
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &end)
	used := end.Utime.Nano() + end.Stime.Nano() - start.Utime.Nano() - start.Stime.Nano()
	return time.Duration(used).Seconds()
}

func main() {
	var s spec
	if err := json.NewDecoder(os.Stdin).Decode(&s); err != nil {
		panic(err)
	}
	runs := map[string]func(string) string{"before": before.ScrubText, "after": after.ScrubText}
	times := map[string][][]float64{"before": make([][]float64, len(s.Texts)), "after": make([][]float64, len(s.Texts))}
	for _, run := range runs {
		run("warm up: compile the rules")
	}
	for round := 0; round < s.Rounds; round++ {
		order := []string{"before", "after"}
		if round%2 == 1 {
			order = []string{"after", "before"}
		}
		for i, text := range s.Texts {
			for _, side := range order {
				times[side][i] = append(times[side][i], cpu(runs[side], text))
			}
		}
	}
	if err := json.NewEncoder(os.Stdout).Encode(times); err != nil {
		panic(err)
	}
}
