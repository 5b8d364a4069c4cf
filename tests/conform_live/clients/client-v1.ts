// The MCP TypeScript SDK 1.x client (@modelcontextprotocol/sdk) calls every case of calls.json on a server:
//   node client-v1.js CALLS.json COMMAND [ARG...]
// As client-v2.ts; this line validates structuredContent against the listed outputSchema even when isError
// is true, and throws when it does not match: a `threw` line.
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
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
