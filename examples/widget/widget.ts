/**
 * An MCP App widget for the workbook server: renders what a tool result means for the user.
 *
 * The host sends `ui/notifications/tool-result` whose params are the whole
 * `CallToolResult`. `viewOf` narrows it with the generated TypeScript only
 * (`generated/workbook/ts/workbook-errors.ts`): a success, one of the catalog's
 * errors (typed per code: its repair fields are known), or an error this widget
 * does not know (a newer server) — shown with its text, never a crash.
 *
 * The `switch` below is exhaustive over the catalog's codes: when the catalog
 * gains a code, this file stops type-checking until the widget handles it.
 * Catalog and server text is data: it is only ever set as `textContent`.
 */

import {
  type CallToolResultLike,
  type CatalogError,
  type Range,
  type UnknownError,
  METADATA,
  isCatalogError,
  narrowToolResult,
} from "../../generated/workbook/ts/workbook-errors.js";

/** What the widget shows for one tool result. */
export interface View {
  readonly tone: "ok" | "repair" | "wait" | "blocked" | "unknown";
  readonly title: string;
  /** The code's UI meaning from the catalog (or the server's own text for unknown errors). */
  readonly meaning: string;
  readonly nextAction: string;
  /** The argument the user should change, when the error names one. */
  readonly field: string | null;
  /** Values the user can pick from (allowed values, required fields, a range). */
  readonly choices: readonly string[];
}

/** The method of the MCP Apps notification that carries a tool result. */
export const TOOL_RESULT = "ui/notifications/tool-result";

/** The view of one `CallToolResult` (the params of `ui/notifications/tool-result`). */
export function viewOf(result: CallToolResultLike): View {
  const narrowed = narrowToolResult(result);
  if (narrowed.ok) {
    return { tone: "ok", title: "Done", meaning: "", nextAction: "", field: null, choices: [] };
  }
  return isCatalogError(narrowed.error) ? errorView(narrowed.error) : unknownView(narrowed.error);
}

function errorView(error: CatalogError): View {
  const info = METADATA[error.code];
  const base = { title: info.title, meaning: info.uiMeaning, nextAction: info.nextAction, field: error.field };
  switch (error.code) {
    case "invalid_input":
      return { ...base, tone: "repair", choices: error.allowed ?? (error.range ? [rangeText(error.range)] : []) };
    case "missing_field":
      return { ...base, tone: "repair", choices: error.required };
    case "unsupported_option":
    case "strict_constant_override":
      return { ...base, tone: "repair", choices: error.allowed };
    case "stale_oracle":
      return { ...base, tone: "wait", choices: [] };
    case "unapproved_assumption":
      return { ...base, tone: "blocked", choices: [] };
    default:
      return unhandled(error);
  }
}

function unknownView(error: UnknownError): View {
  const meaning = error.message || "The server reported an error this widget does not know.";
  return { tone: "unknown", title: error.code || "Error", meaning, nextAction: "", field: null, choices: [] };
}

function rangeText(range: Range): string {
  return `${range.min ?? ""}..${range.max ?? ""}`;
}

function unhandled(error: never): never {
  throw new TypeError(`unhandled error code: ${JSON.stringify(error)}`);
}

/** Render `view` into `root` (text only: nothing from the server is parsed as HTML). */
export function render(root: HTMLElement, view: View): void {
  const doc = root.ownerDocument;
  const line = (tag: string, className: string, text: string): HTMLElement => {
    const element = doc.createElement(tag);
    element.className = className;
    element.textContent = text;
    return element;
  };
  const parts = [line("h2", "title", view.title), line("p", "meaning", view.meaning)];
  if (view.field !== null) {
    parts.push(line("p", "field", `Argument: ${view.field}`));
  }
  if (view.choices.length > 0) {
    const list = doc.createElement("ul");
    list.className = "choices";
    list.append(...view.choices.map((choice) => line("li", "choice", choice)));
    parts.push(list);
  }
  if (view.nextAction) {
    parts.push(line("p", "next", view.nextAction));
  }
  root.dataset["tone"] = view.tone;
  root.replaceChildren(...parts);
}

/** Listen for tool results from the host window and render each into `root`; returns the unsubscribe. */
export function mount(root: HTMLElement, host: Window = window): () => void {
  const onMessage = (event: MessageEvent<unknown>): void => {
    const message = event.data;
    if (typeof message !== "object" || message === null) {
      return;
    }
    const { method, params } = message as { method?: unknown; params?: unknown };
    if (method === TOOL_RESULT && typeof params === "object" && params !== null) {
      render(root, viewOf(params as CallToolResultLike));
    }
  };
  host.addEventListener("message", onMessage);
  return () => host.removeEventListener("message", onMessage);
}
