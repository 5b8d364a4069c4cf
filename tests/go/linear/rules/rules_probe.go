//go:build linearprobe

// This file joins a copy of the generated runtime (package errgenrt) in the linearity probe's
// module (tests/go/test_go_linear.py): it reaches each compiled sanitizer rule.
package errgenrt

// RuleCount returns the number of sanitizer rules.
func RuleCount() int {
	return len(sanitizer().rules)
}

// ApplyRule applies the i-th rule to text everywhere, as ScrubText does.
func ApplyRule(i int, text string) string {
	rule := sanitizer().rules[i]
	out, err := rule.re.ReplaceFunc(text, rule.evaluate, -1, -1)
	if err != nil {
		panic(err)
	}
	return out
}
