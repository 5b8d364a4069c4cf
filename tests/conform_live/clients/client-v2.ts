// The MCP TypeScript SDK 2.x client (@modelcontextprotocol/client) calls every case of calls.json on a server:
//   node client-v2.js CALLS.json COMMAND [ARG...]
// One JSON line per case: the error the generated parser (the tool's contract) reads from the result (its code
// and repair fields), or the structured data of a success, or what the client threw.
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { TOOLS } from "../../../generated/workbook/ts/workbook-errors.js";
import { lineOf, type Case } from "./report.js";

const [calls, command, ...args] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(calls ?? "", "utf-8")) as Case[];
const client = new Client({ name: "errgen-tests", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command: command ?? "", args }));
await client.listTools(); // the client caches the output schemas it validates results against
for (const c of cases) {
  try {
    const result = await client.callTool({ name: c.tool, arguments: c.arguments });
    console.log(JSON.stringify(lineOf(c.tool, result, TOOLS[c.tool])));
  } catch (error) {
    console.log(JSON.stringify({ tool: c.tool, threw: String(error) }));
  }
}
await client.close();
