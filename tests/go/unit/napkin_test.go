// Unit tests of the generated napkin package (seeds 001 and 004): kinds, policies, mapping of
// real Go failures, the sanitizer.
package unit

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	nk "errgen.local/napkinerrors"
)

func TestOperatorSafeExcludesInternalAndValidation(t *testing.T) {
	safe := nk.OperatorSafePolicy()
	for kind, terminal := range map[nk.Kind]bool{nk.KindAuth: true, nk.KindQuota: true, nk.KindPermanent: true,
		nk.KindInternal: false, nk.KindValidation: false, nk.KindTransient: false, nk.KindRateLimit: false} {
		if safe.ClassifiesTerminal(kind) != terminal {
			t.Errorf("operator_safe classifies %s terminal: %v", kind, !terminal)
		}
	}
	grown := nk.NewPolicy().WithTerminalKind(nk.KindInternal)
	if !grown.ClassifiesTerminal(nk.KindInternal) || nk.NewPolicy().ClassifiesTerminal(nk.KindInternal) {
		t.Fatal("WithTerminalKind changed the policy it was called on, or did not add the kind")
	}
	named, ok := nk.NamedPolicy("operator_safe")
	if !ok || !named.Equal(safe) {
		t.Fatal("NamedPolicy(operator_safe) differs from OperatorSafePolicy()")
	}
	if nk.Classify(&nk.Unknown{Received: "from_a_newer_server"}) != nk.KindInternal {
		t.Fatal("an unknown code is not classified as the catch-all Internal")
	}
}

func TestMapHTTPReadsRetryAfterAndSanitizesTheBody(t *testing.T) {
	header := http.Header{}
	header.Set("Retry-After", "3")
	err := nk.MapHTTP(429, "", map[string]any{"authorization": "Bearer abc.def.ghi", "detail": "slow down"}, header)
	limited, ok := err.(*nk.RateLimitedError)
	if !ok || !limited.Retriable || *limited.Status != 429 {
		t.Fatalf("MapHTTP(429) = %#v", err)
	}
	if text := nk.ToJSON(limited.Original); strings.Contains(text, "abc.def") || !strings.Contains(text, nk.Redacted) {
		t.Fatalf("original not sanitized: %s", text)
	}
	if nk.ClassifyHTTP(429, true) != nk.KindRateLimit || nk.ClassifyHTTP(429, false) != nk.KindQuota {
		t.Fatal("429 with / without Retry-After")
	}
}

func TestMapErrorClassifiesRealGoFailures(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	if _, ok := nk.MapError(ctx.Err()).(*nk.TimeoutError); !ok {
		t.Fatalf("a deadline is not TIMEOUT: %#v", nk.MapError(ctx.Err()))
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	address := listener.Addr().String()
	listener.Close()
	_, dialErr := net.Dial("tcp", address)
	network, ok := nk.MapError(dialErr).(*nk.NetworkError)
	if dialErr == nil || !ok || !network.Retriable || nk.ToJSON(network.Original) != `{"error":"OpError"}` {
		t.Fatalf("a refused connection is not NETWORK_ERROR: %v → %#v", dialErr, nk.MapError(dialErr))
	}
	var v any
	decodeErr := json.Unmarshal([]byte("{"), &v)
	if nk.FailureClassOf(decodeErr) != "decode" || nk.ClassifyError(decodeErr) != nk.KindValidation {
		t.Fatalf("a JSON syntax error: %s", nk.FailureClassOf(decodeErr))
	}
	if _, ok := nk.MapError(errors.New("boom")).(*nk.InternalError); !ok {
		t.Fatal("an unclassified error is not the default code")
	}
}

func TestScrubTextRemovesSecretsAndPaths(t *testing.T) {
	got := nk.ScrubText("token=abc123 at /home/alice/x.py and sk-abcdefghijklmnopqrstuv")
	for _, leak := range []string{"abc123", "alice", "sk-abc"} {
		if strings.Contains(got, leak) {
			t.Fatalf("ScrubText left %q: %s", leak, got)
		}
	}
}
