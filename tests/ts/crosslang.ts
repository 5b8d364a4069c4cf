// The TypeScript half of tests/test_crosslang.py: reads a JSON list of cases on stdin and
// prints one JSON text per case, computed with the generated module of the case's catalog.
// The Python half computes the same cases with the generated Python module; the lines
// must be byte-identical. Any case field may hold any JSON; bytes and values too large to
// commit are spelled as data and built here (docs/runtime-contract.md §7, "Vector cases").
import { readFileSync } from "node:fs";

type Json = unknown;

/** The slice of a generated `<catalog>-errors.ts` module these cases use (loosely typed). */
interface Module {
  buildError(code: string, values?: Record<string, Json>): Json;
  toResult(error: Json, options?: { locale?: string }): Json;
  localize(code: string, locale: string, values?: Record<string, Json>): Localized;
  describeField(name: string, locale: string): string;
  localizedMessage(value: Json): Json;
  toJsonRpcError?(error: Json): Json;
  mapHttp(status: number, message?: Json, body?: Json, headers?: Json): Json;
  mapException(err: unknown): Json;
  classifyHttp(status: Json, retryAfter?: boolean): Json;
  classifyFailure(failure: string): Json;
  kindOf(code: string): Json;
  classify(code: string): string | null;
  isRetryable(code: string): boolean;
  isTerminal(code: string, policy: unknown): boolean;
  ErrorPolicy: { empty(): Policy; named(name: string): Policy };
  parseResult(result: Json): Json;
  isCatalogError(value: Json): boolean;
  sanitize(value: Json): Json;
  scrubText(text: string): string;
  toProblem(error: Json, options?: Options): Json;
  toStatus(error: Json, options?: Options): Json;
  parseProblem(document: Json): Json;
  parseStatus(status: Json): Json;
  toolFailureOf(result: Json): Json;
  METADATA: Record<string, { readonly channel: string }>;
  POLICIES: Record<string, unknown>;
  TOOLS: Record<string, { parseResult(result: Json): Json }>;
}

interface Localized {
  readonly locale: string;
  readonly message: string;
  readonly title: string;
  readonly uiMeaning: string;
  readonly nextAction: string;
}

interface Options {
  instance?: string;
  retryAfterMs?: number;
  nowMs?: number;
}

interface Policy {
  withTerminalKind(kind: string): Policy;
  classifiesTerminal(kind: string): boolean;
}

interface Case {
  readonly op: string;
  readonly catalog: string;
  readonly [key: string]: Json;
}

const modules = new Map<string, Module>();

async function load(catalog: string): Promise<Module> {
  let module = modules.get(catalog);
  if (module === undefined) {
    module = (await import(`../../generated/${catalog}/ts/${catalog}-errors.js`)) as Module;
    modules.set(catalog, module);
  }
  return module;
}

let key = "code"; // the discriminator of the case's catalog

function envelope(m: Module, error: Json): Json {
  const code = (error as Record<string, string>)[key] ?? "";
  return m.METADATA[code]?.channel === "protocol" && m.toJsonRpcError ? m.toJsonRpcError(error) : m.toResult(error);
}

function parsed(m: Module, value: Json): Json {
  if (value === undefined) {
    return null;
  }
  if (m.isCatalogError(value)) {
    return { known: true, payload: value };
  }
  const unknown = value as Record<string, Json>;
  return { known: false, [key]: unknown[key], message: unknown["message"], payload: unknown["payload"] };
}

/** The bytes a case spells as parts: `{"text": s}` (UTF-8) or `{"hex": h}`, each `"times"` times. */
function bytesOf(parts: Json): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts as { text?: string; hex?: string; times?: number }[]) {
    const piece = part.text !== undefined ? new TextEncoder().encode(part.text) : Buffer.from(part.hex ?? "", "hex");
    for (let i = 0; i < (part.times ?? 1); i++) {
      chunks.push(piece);
    }
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** `c` with its `make` values built: `nest` arrays (objects under `key`) around `leaf`, or a `text`. */
function expanded(c: Case): Case {
  if (c["make"] === undefined) {
    return c;
  }
  const out = JSON.parse(JSON.stringify(c)) as Record<string, Json>;
  for (const make of c["make"] as { at: (string | number)[]; nest?: number; leaf?: Json; key?: string; text?: Json }[]) {
    let value: Json;
    if (make.nest !== undefined) {
      value = make.leaf;
      for (let i = 0; i < make.nest; i++) {
        value = make.key === undefined ? [value] : { [make.key]: value };
      }
    } else {
      value = new TextDecoder().decode(bytesOf(make.text));
    }
    let target = out as Record<string | number, Json>;
    for (const step of make.at.slice(0, -1)) {
      target = target[step] as Record<string | number, Json>;
    }
    target[make.at[make.at.length - 1] as string | number] = value;
  }
  return out as unknown as Case;
}

/** An error (built, or parsed from a result) on a channel beside MCP: problem, Status or result with options. */
function channel(m: Module, c: Case): Json {
  let error: Json;
  if (c["result"] !== undefined) {
    error = m.parseResult(c["result"]);
  } else {
    const values = { ...(c["values"] as Record<string, Json>) };
    if (c["retriable"] !== undefined) {
      values[c["retriable_key"] as string] = c["retriable"];
    }
    error = m.buildError(c["code"] as string, values);
  }
  const options: Options = {};
  if (typeof c["instance"] === "string") {
    options.instance = c["instance"];
  }
  if (typeof c["retry_after_ms"] === "number") {
    options.retryAfterMs = c["retry_after_ms"];
  }
  if (typeof c["now_ms"] === "number") {
    options.nowMs = c["now_ms"];
  }
  if (c.op === "problem") {
    return m.toProblem(error, options);
  }
  if (c.op === "status") {
    return m.toStatus(error, options);
  }
  return (m.toResult as (error: Json, options: Options) => Json)(error, options);
}

function thrown(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

async function run(given: Case): Promise<Json> {
  const c = expanded(given);
  const m = await load(c.catalog);
  key = (c["key"] as string | undefined) ?? "code";
  switch (c.op) {
    case "build":
      try {
        const values = { ...(c["values"] as Record<string, Json>) };
        if (c["retriable"] !== undefined) {
          values[c["retriable_key"] as string] = c["retriable"];
        }
        return envelope(m, m.buildError(c["code"] as string, values));
      } catch (err) {
        return { raises: (err as Error).name };
      }
    case "map_http": {
      const body = c["body_bytes"] === undefined ? c["body"] : bytesOf(c["body_bytes"]); // a reader: bytes here
      const error = m.mapHttp(c["status"] as number, c["message"] ?? null, body, c["headers"] ?? null);
      return error === undefined ? null : envelope(m, error);
    }
    case "original": {
      const error = m.mapHttp(c["status"] as number, null, c["body"]) as { original?: Json } | undefined;
      return error?.original ?? null;
    }
    case "map_exception": {
      const error = m.mapException(thrown(c["name"] as string, "boom"));
      return error === undefined ? null : envelope(m, error);
    }
    case "classify":
      return {
        http: m.classifyHttp(c["status"], c["retry_after"] as boolean),
        failure: m.classifyFailure(c["failure"] as string),
      };
    case "code": {
      const code = c["code"] as string;
      const names = Object.keys(m.POLICIES);
      const terminal = Object.fromEntries(names.map((name) => [name, m.isTerminal(code, name)]));
      const values = Object.fromEntries(names.map((name) => [name, m.isTerminal(code, m.ErrorPolicy.named(name))]));
      const kind = m.classify(code);
      const grown = kind === null ? null : m.ErrorPolicy.empty().withTerminalKind(kind).classifiesTerminal(kind);
      return { kind: m.kindOf(code), classify: kind, retryable: m.isRetryable(code), terminal, values, grown };
    }
    case "parse":
      return parsed(m, m.parseResult(c["result"]));
    case "parse_bytes":
      return parsed(m, m.parseResult(bytesOf(c["bytes"])));
    case "tool_parse":
      return parsed(m, m.TOOLS[c["tool"] as string]?.parseResult(c["result"]));
    case "localize": {
      const found = m.localize(c["code"] as string, c["locale"] as string, c["values"] as Record<string, Json>);
      return { locale: found.locale, message: found.message, title: found.title, ui_meaning: found.uiMeaning, next_action: found.nextAction };
    }
    case "describe":
      return m.describeField(c["field"] as string, c["locale"] as string);
    case "localized_result": {
      const result = m.toResult(m.buildError(c["code"] as string, c["values"] as Record<string, Json>), { locale: c["locale"] as string });
      const error = m.parseResult(result);
      return { result, known: m.isCatalogError(error), member: m.localizedMessage(result) ?? null };
    }
    case "problem":
    case "status":
    case "result_with":
      return channel(m, c);
    case "parse_problem":
      return parsed(m, m.parseProblem(c["document"]));
    case "parse_status":
      return parsed(m, m.parseStatus(c["status"]));
    case "tool_failure":
      return m.toolFailureOf(c["result"]);
    case "sanitize":
      return m.sanitize(c["value"]);
    case "scrub":
      return m.scrubText(c["text"] as string);
    default:
      throw new Error(`unknown op ${c.op}`);
  }
}

const cases = JSON.parse(readFileSync(0, "utf8")) as Case[];
const lines: string[] = [];
for (const c of cases) {
  lines.push(JSON.stringify(await run(c)) ?? "undefined");
}
process.stdout.write(lines.join("\n") + "\n");
