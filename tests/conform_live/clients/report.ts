// What the TypeScript clients print for one case: the generated parser's reading of the result.
export interface Case {
  readonly tool: string;
  readonly arguments: { readonly [key: string]: unknown };
}

/** The slice of a generated tool contract a client uses (`TOOLS[name].parseResult`). */
export interface Contract {
  parseResult(result: unknown): unknown;
}

const REPAIR = ["code", "field", "allowed", "required", "range"] as const;

export function lineOf(tool: string, result: unknown, contract: Contract | undefined): { [key: string]: unknown } {
  const wire = result as { readonly isError?: boolean; readonly structuredContent?: unknown };
  const error = contract?.parseResult(result) as { readonly [key: string]: unknown } | undefined;
  const line: { [key: string]: unknown } = { tool, isError: wire.isError ?? false };
  if (error === undefined) {
    line["data"] = wire.structuredContent ?? null;
  } else {
    line["error"] = Object.fromEntries(REPAIR.filter((key) => key in error).map((key) => [key, error[key]]));
  }
  return line;
}
