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
	rules := sanitizer()
	return rules.rules[i].apply(text, rules.checks, nil)
}
