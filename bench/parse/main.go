// Command parsebench is the Go driver of bench/parse.py: one catalog's generated parser (the
// package `generated`) beside encoding/json decoding the same inputs into the generated struct of
// each code after a switch on the code (plain.go, written by bench/parse.py for the catalog),
// interleaved round by round.
//
//	parsebench time                 # spec on stdin; prints seconds per input of every entry and side
//	parsebench count ENTRY SIDE N   # 2 warm passes, then N more of one side (for cachegrind)
package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"syscall"
	"time"

	generated "errgen.bench/parse/generated"
)

type spec struct {
	Payloads []string `json:"payloads"`
	Results  []string `json:"results"`
	Codes    []string `json:"codes"`
	Rounds   int      `json:"rounds"`
	SampleS  float64  `json:"sample_s"`
}

type inputs struct {
	results  [][]byte
	payloads [][]byte
	values   []any // each payload as encoding/json decodes it into an `any` (map[string]any)
	codes    []string
}

func cpu() float64 {
	var usage syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &usage)
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano()).Seconds()
}

var sink any

// typed reports whether err is the typed error of code (not *Unknown).
func typed(err generated.Error, code string) bool {
	if _, unknown := err.(*generated.Unknown); unknown || err == nil {
		return false
	}
	return string(err.Code()) == code
}

// plainTyped reports whether a plain decode gave the struct of code.
func plainTyped(value any, err error, code string) bool {
	coded, ok := value.(interface{ Code() generated.Code })
	return err == nil && ok && string(coded.Code()) == code
}

// pass reads every input of entry by side once; how many came back as their own code.
func pass(in *inputs, entry, side string) int {
	good := 0
	for i, code := range in.codes {
		var ok bool
		switch entry + "/" + side {
		case "result/errgen":
			err := generated.ParseResult(in.results[i])
			sink, ok = err, typed(err, code)
		case "result/plain":
			value, err := plainResult(in.results[i])
			sink, ok = value, plainTyped(value, err, code)
		case "payload/errgen":
			err := generated.Parse(in.payloads[i])
			sink, ok = err, typed(err, code)
		case "payload/plain":
			value, err := plainPayload(in.payloads[i])
			sink, ok = value, plainTyped(value, err, code)
		case "value/errgen":
			err := generated.ParseValue(in.values[i])
			sink, ok = err, typed(err, code)
		case "value/plain":
			value, err := plainValue(in.values[i])
			sink, ok = value, plainTyped(value, err, code)
		default:
			panic("no entry " + entry + "/" + side)
		}
		if ok {
			good++
		}
	}
	return good
}

// plainResult decodes a CallToolResult, then its structuredContent as plainPayload does.
func plainResult(data []byte) (any, error) {
	var result struct {
		IsError bool `json:"isError"`
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
		StructuredContent json.RawMessage `json:"structuredContent"`
	}
	if err := json.Unmarshal(data, &result); err != nil {
		return nil, err
	}
	return plainPayload(result.StructuredContent)
}

// plainValue encodes a decoded value back to JSON, then decodes it as plainPayload does.
func plainValue(value any) (any, error) {
	data, err := json.Marshal(value)
	if err != nil {
		return nil, err
	}
	return plainPayload(data)
}

var entries = []string{"result", "payload", "value"}

func main() {
	var s spec
	if err := json.NewDecoder(os.Stdin).Decode(&s); err != nil {
		panic(err)
	}
	in := &inputs{codes: s.Codes}
	for i := range s.Codes {
		in.results = append(in.results, []byte(s.Results[i]))
		in.payloads = append(in.payloads, []byte(s.Payloads[i]))
		var value any
		if err := json.Unmarshal([]byte(s.Payloads[i]), &value); err != nil {
			panic(err)
		}
		in.values = append(in.values, value)
	}
	if len(os.Args) > 1 && os.Args[1] == "count" {
		passes, _ := strconv.Atoi(os.Args[4])
		for i := 0; i < 2+passes; i++ {
			pass(in, os.Args[2], os.Args[3])
		}
		return
	}
	n := float64(len(s.Codes))
	out := map[string]any{}
	for _, entry := range entries {
		typedCount, plainCount := pass(in, entry, "errgen"), pass(in, entry, "plain")
		start := cpu()
		pass(in, entry, "errgen")
		pass(in, entry, "plain")
		once := math.Max(cpu()-start, 1e-6)
		reps := int(math.Max(1, math.Ceil(s.SampleS*2/once)))
		times := map[string][]float64{}
		for round := 0; round < s.Rounds; round++ {
			order := []string{"errgen", "plain"}
			if round%2 == 1 {
				order = []string{"plain", "errgen"}
			}
			for _, side := range order {
				start := cpu()
				for r := 0; r < reps; r++ {
					pass(in, entry, side)
				}
				times[side] = append(times[side], (cpu()-start)/(float64(reps)*n))
			}
		}
		out[entry] = map[string]any{"errgen": times["errgen"], "plain": times["plain"], "typed": typedCount,
			"plain_ok": plainCount, "inputs": len(s.Codes), "reps": reps}
	}
	text, _ := json.Marshal(out)
	fmt.Println(string(text))
}
