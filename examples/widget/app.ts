/**
 * The workbook widget as an MCP App view: the MCP Apps handshake, the tool result, the repair form, the corrected call.
 *
 * Protocol (MCP Apps 2026-01-26, JSON-RPC 2.0 over `postMessage` with the host window): the view asks
 * `ui/initialize` (the host answers with its context: the tool that was called, its `inputSchema`, the
 * locale) and says `ui/notifications/initialized`; the host sends `ui/notifications/tool-input` (the call's
 * arguments) and `ui/notifications/tool-result` (the whole `CallToolResult`). For a catalog error the view
 * shows the repair form of `repair.ts`; submitting it sends `tools/call` with the corrected arguments
 * through the host, and the answer is shown the same way (a success, or the next error to repair).
 * Server and catalog text is only ever set as text, never parsed as HTML.
 */

import {
  type CallToolResultLike,
  isCatalogError,
  localized,
  narrowToolResult,
} from "../../generated/workbook/ts/workbook-errors.js";
import { type Arguments, type InputSchema, type Repair, type RepairInput, repairOf } from "./repair.js";
import { TOOL_RESULT, render, viewOf } from "./widget.js";

export const PROTOCOL_VERSION = "2026-01-26";
export const TOOL_INPUT = "ui/notifications/tool-input";

interface Message {
  readonly id?: number | string;
  readonly method?: string;
  readonly params?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly message?: unknown };
}

interface HostContext {
  readonly toolInfo?: { readonly tool?: { readonly name?: unknown; readonly inputSchema?: unknown } };
  readonly locale?: unknown;
}

/** What the view knows of the call it shows. */
interface State {
  tool: string | null;
  schema: InputSchema;
  locale: string;
  args: Arguments;
}

/** Connect to the host window `host`, and show every tool result in `root`; returns the disconnect. */
export function mount(root: HTMLElement, host: Window = window.parent): () => void {
  const state: State = { tool: null, schema: {}, locale: "en", args: {} };
  const pending = new Map<number | string, (message: Message) => void>();
  let nextId = 1;
  const send = (message: Message): void => host.postMessage({ jsonrpc: "2.0", ...message }, "*");
  const request = (method: string, params: unknown, answered: (message: Message) => void): void => {
    const id = nextId++;
    pending.set(id, answered);
    send({ id, method, params });
  };
  const call = (args: Arguments): void => {
    state.args = args;
    status(root, "Calling the tool again…");
    request("tools/call", { name: state.tool, arguments: args }, (answer) => {
      if (answer.error !== undefined) {
        show(root, state, { isError: true, content: [{ type: "text", text: String(answer.error.message) }] }, call);
      } else {
        show(root, state, answer.result as CallToolResultLike, call);
      }
    });
  };
  const onMessage = (event: MessageEvent<unknown>): void => {
    const message = event.data as Message | null;
    if (event.source !== host || typeof message !== "object" || message === null) {
      return;
    }
    if (message.method === undefined && message.id !== undefined) {
      const answered = pending.get(message.id);
      pending.delete(message.id);
      answered?.(message);
    } else if (message.method === TOOL_INPUT) {
      const params = message.params as { arguments?: Arguments } | undefined;
      state.args = params?.arguments ?? {};
    } else if (message.method === TOOL_RESULT && typeof message.params === "object" && message.params !== null) {
      show(root, state, message.params as CallToolResultLike, call);
    } else if (message.method === "ui/notifications/host-context-changed") {
      adopt(state, message.params as HostContext | undefined);
    } else if (message.id !== undefined && (message.method === "ping" || message.method === "ui/resource-teardown")) {
      send({ id: message.id, result: {} });
    }
  };
  window.addEventListener("message", onMessage);
  const app = { name: "workbook-repair-widget", version: "1.0.0" };
  request("ui/initialize", { protocolVersion: PROTOCOL_VERSION, appInfo: app, appCapabilities: {} }, (answer) => {
    adopt(state, (answer.result as { hostContext?: HostContext } | undefined)?.hostContext);
    send({ method: "ui/notifications/initialized", params: {} });
  });
  return () => window.removeEventListener("message", onMessage);
}

function adopt(state: State, context: HostContext | undefined): void {
  const tool = context?.toolInfo?.tool;
  if (typeof tool?.name === "string") {
    state.tool = tool.name;
  }
  if (typeof tool?.inputSchema === "object" && tool.inputSchema !== null) {
    state.schema = tool.inputSchema as InputSchema;
  }
  if (typeof context?.locale === "string") {
    state.locale = context.locale;
  }
}

/** Show one result: a catalog error as its repair form, anything else as the widget's plain view. */
function show(root: HTMLElement, state: State, result: CallToolResultLike, call: (args: Arguments) => void): void {
  const narrowed = narrowToolResult(result);
  if (narrowed.ok || !isCatalogError(narrowed.error)) {
    delete root.dataset["code"];
    render(root, viewOf(result));
    const text = firstText(result);
    if (narrowed.ok && text !== null) {
      const answer = root.ownerDocument.createElement("pre");
      answer.className = "answer";
      answer.textContent = text;
      root.append(answer);
    }
    return;
  }
  const repair = repairOf(narrowed.error, state.args, state.locale, state.schema);
  const doc = root.ownerDocument;
  const title = doc.createElement("h2");
  title.className = "title";
  title.textContent = localized(narrowed.error, state.locale).title;
  root.dataset["tone"] = repair.resubmit ? "repair" : "blocked";
  root.dataset["code"] = repair.code;
  root.replaceChildren(title, formOf(doc, repair, state.tool, call));
}

function formOf(doc: Document, repair: Repair, tool: string | null, call: (args: Arguments) => void): HTMLElement {
  const form = doc.createElement("form");
  form.className = "repair";
  const group = doc.createElement("fieldset");
  const legend = doc.createElement("legend");
  legend.className = "prompt";
  legend.textContent = repair.prompt;
  group.append(legend, ...repair.inputs.map((input) => controlOf(doc, input)));
  const next = doc.createElement("p");
  next.className = "next";
  next.textContent = repair.nextAction;
  form.append(group, next);
  if (repair.resubmit && tool !== null) {
    const button = doc.createElement("button");
    button.type = "submit";
    button.textContent = `Call ${tool} again`;
    form.append(button);
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!repair.resubmit || tool === null || !form.reportValidity()) {
      return;
    }
    const values: Record<string, string> = {};
    new FormData(form).forEach((value, key) => {
      values[key] = String(value);
    });
    call(repair.correct(values));
  });
  return form;
}

function controlOf(doc: Document, input: RepairInput): HTMLElement {
  const id = `repair-${input.name}`;
  if (input.control === "choice") {
    const set = doc.createElement("fieldset");
    set.className = "choices";
    const legend = doc.createElement("legend");
    legend.textContent = input.label;
    set.append(legend);
    input.choices.forEach((choice, index) => {
      const label = doc.createElement("label");
      const radio = doc.createElement("input");
      radio.type = "radio";
      radio.name = input.name;
      radio.value = choice;
      radio.id = `${id}-${index}`;
      radio.required = true;
      radio.checked = choice === input.value;
      label.append(radio, doc.createTextNode(` ${choice}`));
      set.append(label);
    });
    return set;
  }
  const wrap = doc.createElement("p");
  const label = doc.createElement("label");
  label.htmlFor = id;
  label.textContent = input.label;
  const field = doc.createElement("input");
  field.id = id;
  field.name = input.name;
  field.required = true;
  field.value = input.value;
  if (input.control === "number") {
    field.type = "number";
    field.step = "any";
    field.inputMode = "decimal";
    if (input.min !== null) field.min = String(input.min);
    if (input.max !== null) field.max = String(input.max);
  } else {
    field.type = "text";
  }
  const hint = input.min !== null || input.max !== null ? ` (${input.min ?? "…"} to ${input.max ?? "…"})` : "";
  label.textContent = input.label + hint;
  wrap.append(label, doc.createTextNode(" "), field);
  return wrap;
}

/** The text of the result's first text block, if it has one. */
function firstText(result: CallToolResultLike): string | null {
  const block = result.content?.[0] as { type?: unknown; text?: unknown } | undefined;
  return block?.type === "text" && typeof block.text === "string" ? block.text : null;
}

function status(root: HTMLElement, text: string): void {
  const line = root.ownerDocument.createElement("p");
  line.className = "status";
  line.setAttribute("role", "status");
  line.textContent = text;
  root.append(line);
}
